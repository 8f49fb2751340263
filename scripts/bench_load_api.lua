-- wrk script for `make bench-load`: every request POSTs one ProductVideo lead with an e-mail of its
-- own (bench-<run>-<thread>-<n>@…), and the ids the server acknowledged (201) are collected, so the
-- benchmark can check them against the database afterwards. Usage: wrk … -s this.lua URL -- RUN_ID

local threads = {}

function setup(thread)
  thread:set("thread_no", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  run_id = args[1]
  sent = 0
  acked = {}
  refused = {}
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
end

function request()
  sent = sent + 1
  -- a phone number of its own too, as a campaign's leads have (one number shared by thousands is another workload)
  local body = string.format(
    '{"name":"Bench Mark","email":"bench-%s-%d-%d@school.edu","contactNo":"+92300%07d","product":"Student Smart"}',
    run_id, thread_no, sent, (thread_no * 1000003 + sent) % 10000000)
  return wrk.format(nil, "/api/ProductVideo", nil, body)
end

function response(status, headers, body)
  if status == 201 then
    acked[#acked + 1] = tonumber(body:match('"id"%s*:%s*(%d+)'))
  else
    refused[tostring(status)] = (refused[tostring(status)] or 0) + 1
  end
end

-- One JSON line on stdout for scripts/bench_load.py (latencies in microseconds).
function done(summary, latency, requests)
  local ids, statuses = {}, {}
  for _, thread in ipairs(threads) do
    for _, id in ipairs(thread:get("acked")) do ids[#ids + 1] = tostring(id) end
    for status, n in pairs(thread:get("refused")) do statuses[#statuses + 1] = string.format('"%s":%d', status, n) end
  end
  local e = summary.errors
  io.write(string.format(
    '\nRESULT {"duration_us":%d,"responses":%d,"p50":%d,"p95":%d,"p99":%d,"socket_errors":%d,' ..
    '"refused":{%s},"acked":[%s]}\n',
    summary.duration, summary.requests, latency:percentile(50), latency:percentile(95), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, table.concat(statuses, ","), table.concat(ids, ",")))
end
