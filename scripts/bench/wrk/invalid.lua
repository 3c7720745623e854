-- GET /v1/pets?limit=500 with a valid key: every answer is a 400 Error body (limit is 1 to 100), no storage work.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
wrk.method = "GET"
wrk.path = "/v1/pets?limit=500"
