-- GET /v1/store/orders with the API key: the service's constant answer (a 501 Error body) after the same
-- filters and key check as every operation, no storage and no cache. The floor under what memory answers.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
wrk.method = "GET"
wrk.path = "/v1/store/orders"
