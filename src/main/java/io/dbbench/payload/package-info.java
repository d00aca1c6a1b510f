/**
 * The WMPayload study: an HTTP JSON payload service on MongoDB under 100 concurrent clients, with
 * and without an index, closed and open loop.
 *
 * <p>Middle floor: imports the ground floor and {@code mongo} (the one arrow
 * {@code payload -> mongo}).
 */
package io.dbbench.payload;
