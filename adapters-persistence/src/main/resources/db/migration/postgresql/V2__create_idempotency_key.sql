-- Idempotency-Key records of POST /v1/pets: which pet a client's key added, for which request, until when.
-- A record is inserted in the same transaction as its pet, so neither exists without the other.
CREATE TABLE idempotency_key (
    -- The label of the API key that sent the Idempotency-Key: keys are scoped to their sender.
    client      text        NOT NULL,
    key_value   text        NOT NULL CONSTRAINT idempotency_key_value_format CHECK (key_value ~ '^[!-~]{1,255}$'),
    -- SHA-256 of the canonical NewPet: a retry must describe the same pet.
    fingerprint bytea       NOT NULL CONSTRAINT idempotency_key_fingerprint_sha256 CHECK (octet_length(fingerprint) = 32),
    pet_id      bigint      NOT NULL CONSTRAINT idempotency_key_pet_fk REFERENCES pet (id),
    created_at  timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    CONSTRAINT idempotency_key_pk PRIMARY KEY (client, key_value),
    CONSTRAINT idempotency_key_expires_after_creation CHECK (expires_at > created_at)
);

-- Serves the periodic "forget what expired" batches without scanning live keys.
CREATE INDEX idempotency_key_expires_at_idx ON idempotency_key (expires_at);
