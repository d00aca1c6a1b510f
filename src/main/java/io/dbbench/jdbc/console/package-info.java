/**
 * The insert console: hdbinsert's web page and JSON API over the GOMESSAGE family's code, in the
 * hdbinsert study's room.
 *
 * <p>Middle floor: imports the ground floor and {@code jdbc}; {@code jdbc} never imports it.
 */
package io.dbbench.jdbc.console;
