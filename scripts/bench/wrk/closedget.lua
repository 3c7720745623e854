-- GET /v1/pets/{id} of random seeded pets, each on a new connection (Connection: close), as clients that
-- keep no connections send (ab without -k, a script that opens one per request): the connection's cost
-- beside a lookup answered from memory.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
wrk.headers["Connection"] = "close"
function request()
  return wrk.format("GET", "/v1/pets/" .. math.random(1, pets))
end
