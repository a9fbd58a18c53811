-- Shared by every wrk scenario of `make bench`: prints one machine-readable line at the end.
-- Latencies from wrk are in microseconds. errors.status counts responses with status >= 400.
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"seconds":%.3f,"rps":%.1f,"p50_us":%d,"p90_us":%d,"p99_us":%d,"mean_us":%.1f,' ..
    '"errors_status":%d,"errors_connect":%d,"errors_read":%d,"errors_write":%d,"errors_timeout":%d,"bytes":%d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean,
    e.status, e.connect, e.read, e.write, e.timeout, summary.bytes))
end
