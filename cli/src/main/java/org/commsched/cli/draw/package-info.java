/**
 * {@code commsched draw}: the space-time picture of a schedule ({@link
 * org.commsched.cli.draw.Diagram}) and its formats, SVG, a plain-text grid and a Chrome/Perfetto
 * trace.
 */
package org.commsched.cli.draw;
