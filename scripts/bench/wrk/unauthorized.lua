-- GET /v1/pets?limit=20 without an API key: every request is refused with 401 before any storage work.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
wrk.headers["Authorization"] = nil
wrk.method = "GET"
wrk.path = "/v1/pets?limit=20"
