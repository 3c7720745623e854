-- Idempotency-Key records of POST /v1/pets: which pet a client's key added, for which request, until when.
-- A record is inserted in the same transaction as its pet, so neither exists without the other.
CREATE TABLE idempotency_key (
    -- The label of the API key that sent the Idempotency-Key: keys are scoped to their sender.
    -- Binary, no padding: 'ops', 'Ops' and 'ops ' are three clients.
    client      VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    key_value   VARCHAR(255) CHARACTER SET ascii COLLATE ascii_nopad_bin NOT NULL,
    -- SHA-256 of the canonical NewPet: a retry must describe the same pet.
    fingerprint VARBINARY(32) NOT NULL,
    pet_id      BIGINT        NOT NULL,
    -- UTC, to the microsecond. DATETIME, not TIMESTAMP: no session time zone conversion, no 2038 limit.
    created_at  DATETIME(6)   NOT NULL,
    expires_at  DATETIME(6)   NOT NULL,
    PRIMARY KEY (client, key_value),
    CONSTRAINT idempotency_key_pet_fk FOREIGN KEY (pet_id) REFERENCES pet (id),
    CONSTRAINT idempotency_key_value_format CHECK (key_value REGEXP '^[!-~]{1,255}$'),
    CONSTRAINT idempotency_key_fingerprint_sha256 CHECK (OCTET_LENGTH(fingerprint) = 32),
    CONSTRAINT idempotency_key_expires_after_creation CHECK (expires_at > created_at),
    -- Serves the periodic "forget what expired" batches without scanning live keys.
    INDEX idempotency_key_expires_at_idx (expires_at)
) ENGINE = InnoDB DEFAULT CHARACTER SET = utf8mb4 COLLATE = utf8mb4_nopad_bin;
