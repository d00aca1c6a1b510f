/**
 * The hdbinsert study: GOMESSAGE bulk inserts through JDBC (SAP HANA, PostgreSQL, H2; an
 * embedded PostgreSQL by default), its targets, strategies ({@code executeBatch}, COPY, array
 * bind) and form.
 *
 * <p>Middle floor: imports the ground floor only.
 */
package io.dbbench.jdbc;
