-- Loaded by every scenario: the API key, a per-thread random seed, and one JSON line of results.
local key = os.getenv("BENCH_API_KEY") or "bench-key-0000000000000001"
wrk.headers["Authorization"] = "Bearer " .. key
wrk.headers["Accept"] = "application/json"

pets = tonumber(os.getenv("BENCH_PETS") or "100000")

-- The headers of a POST with a JSON body, for scripts that mix methods: wrk.format replaces wrk.headers
-- with the table it is given, so this one carries the key too.
post_headers = { ["Content-Type"] = "application/json" }
for name, value in pairs(wrk.headers) do
  post_headers[name] = value
end

local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end

function init(args)
  math.randomseed(os.time() * 1000 + (thread_number or 0) * 7919)
end

function done(summary, latency, requests)
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    '{"requests":%d,"duration_s":%.3f,"rps":%.1f,"p50_ms":%.3f,"p90_ms":%.3f,"p99_ms":%.3f,"max_ms":%.3f,' ..
    '"errors":%d,"non_2xx":%d,"timeouts":%d,"socket_errors":%d,"bytes_per_response":%.0f}\n',
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    e.connect + e.read + e.write + e.status + e.timeout, e.status, e.timeout, e.connect + e.read + e.write,
    summary.bytes / math.max(summary.requests, 1)))
end
