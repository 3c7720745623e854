-- The scaling drill's load (scripts/faults/scale-drill.sh): 10 % creates; the rest reads that often miss
-- the instances' memory, so they reach the database: pets by random id, first pages of random sizes.
dofile(os.getenv("BENCH_WRK_DIR") .. "/common.lua")
local statuses = { "available", "pending", "sold" }

function request()
  local draw = math.random(1, 10)
  if draw == 1 then
    return wrk.format("POST", "/v1/pets", post_headers, '{"name":"drill-pet","categoryId":' .. math.random(1, 50) .. '}')
  elseif draw <= 4 then
    return wrk.format("GET", "/v1/pets/" .. math.random(1, pets))
  elseif draw <= 7 then
    return wrk.format("GET", "/v1/pets?limit=" .. math.random(1, 100))
  end
  return wrk.format("GET", "/v1/pets?status=" .. statuses[math.random(1, 3)] .. "&limit=" .. math.random(1, 100))
end
