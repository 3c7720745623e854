-- GET /v1/pets?limit=20 without an API key, each on a new connection (Connection: close): every answer is a
-- 401 and the connection closes after it, as with clients that do not keep connections (ab without -k).
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
wrk.headers["Authorization"] = nil
wrk.headers["Connection"] = "close"
wrk.method = "GET"
wrk.path = "/v1/pets?limit=20"
