-- Rate limits: what each instance of the service counted per client (API key label) in each quota
-- window (epoch seconds of its start). Each instance writes only its own rows; all read the sums.
CREATE TABLE request_count (
    window_start BIGINT NOT NULL,
    -- Binary, no padding: 'ops', 'Ops' and 'ops ' are three clients.
    client       VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
    instance     VARCHAR(64) CHARACTER SET ascii COLLATE ascii_nopad_bin NOT NULL,
    requests     BIGINT NOT NULL,
    CONSTRAINT request_count_not_negative CHECK (requests >= 0),
    -- Leads with the window: reading the current windows and forgetting old ones are range scans.
    PRIMARY KEY (window_start, client, instance)
) ENGINE = InnoDB DEFAULT CHARACTER SET = utf8mb4 COLLATE = utf8mb4_nopad_bin;
