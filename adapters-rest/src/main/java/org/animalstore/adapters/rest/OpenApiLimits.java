package org.animalstore.adapters.rest;

/**
 * The limits operators can change, as the OpenAPI document quotes them: by environment variable and default, never as
 * a bare figure that goes stale. Always {@code `NAME` (default `VALUE`}: OpenApiDocumentSettingsTest checks each default.
 */
public interface OpenApiLimits {

    String MAX_REQUEST_SIZE = "`MICRONAUT_SERVER_MAX_REQUEST_SIZE` (default `16384`) bytes";
    String MAX_HEADER_SIZE = "`MICRONAUT_SERVER_NETTY_MAX_HEADER_SIZE` (default `8192`) bytes";
    String MAX_REQUEST_LINE = "`MICRONAUT_SERVER_NETTY_MAX_INITIAL_LINE_LENGTH` (default `4096`) bytes";
    String RECEIVE_TIMEOUT = "`PETSTORE_REQUEST_RECEIVE_TIMEOUT` (default `10s`)";
    String MAX_QUEUE_WAIT = "`PETSTORE_CATALOGUE_MAX_QUEUE_WAIT` (default `2000ms`, the database pool's connection timeout)";
    String IDEMPOTENCY_TTL = "`PETSTORE_IDEMPOTENCY_TTL` (default `24h`)";
}
