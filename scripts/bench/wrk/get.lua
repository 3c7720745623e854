-- GET /v1/pets/{id}: random ids among the seeded pets (1..BENCH_PETS), so every request finds one.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
function request()
  return wrk.format("GET", "/v1/pets/" .. math.random(1, pets))
end
