-- The status scenario from a client that accepts compressed answers (browsers, Python's requests, k6, Go):
-- each page of 100 pets (6.3 KB of JSON) is sent gzip-compressed.
dofile(os.getenv("BENCH_WRK_DIR") .. "/status.lua")
wrk.headers["Accept-Encoding"] = "gzip, deflate"
