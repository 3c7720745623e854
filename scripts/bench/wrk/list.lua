-- GET /v1/pets?limit=20: the first page.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
wrk.method = "GET"
wrk.path = "/v1/pets?limit=20"
