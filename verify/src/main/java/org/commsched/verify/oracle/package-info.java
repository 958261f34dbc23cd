/**
 * The oracle's sweep task ({@code commsched oracle}, docs/FORMATS.md#ratio-studies-and-oracles):
 * one seed's instance, its exact runs and the certificate of its optimum, as texts the driver
 * writes; here rather than in the command line so that any engine's executors run it without the
 * cli.
 */
package org.commsched.verify.oracle;
