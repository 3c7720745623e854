-- GET /v1/pets/{id} for ids no pet has (far above any the sequence will reach here): every answer is a 404
-- Error body, after a lookup in storage (a 404 is never remembered).
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
function request()
  return wrk.format("GET", "/v1/pets/" .. (4000000000000000 + math.random(1, 1000000000)))
end
