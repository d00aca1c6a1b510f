/**
 * The insert console: hdbinsert's web page and JSON API over the GOMESSAGE family's code.
 *
 * <p>Middle floor, an application of the hdbinsert study: imports the ground floor and {@code jdbc}
 * (the one arrow {@code console -> jdbc}).
 */
package io.dbbench.console;
