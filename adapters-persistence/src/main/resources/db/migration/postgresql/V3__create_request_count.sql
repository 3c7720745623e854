-- Rate limits: what each instance of the service counted per client (API key label) in each quota
-- window (epoch seconds of its start). Each instance writes only its own rows; all read the sums.
CREATE TABLE request_count (
    window_start bigint NOT NULL,
    client       text   NOT NULL,
    instance     text   NOT NULL,
    requests     bigint NOT NULL CONSTRAINT request_count_not_negative CHECK (requests >= 0),
    -- Leads with the window: reading the current windows and forgetting old ones are range scans.
    CONSTRAINT request_count_pk PRIMARY KEY (window_start, client, instance)
);
