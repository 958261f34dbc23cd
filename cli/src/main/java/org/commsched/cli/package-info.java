/**
 * The {@code commsched} command line (picocli): one class per subcommand (solve, check, bounds,
 * methods, generate, draw, ratios, oracle, crosscheck) and what they share (reading inputs with
 * one-line errors, JSON output, the progress line, the time budget, Ctrl-C). For use as a library
 * see {@code org.commsched.api.Commsched} (docs/EMBEDDING.md).
 */
package org.commsched.cli;
