//! The baseline of `make bench`: a plain actix-web handler returning a small JSON body, with
//! as many workers as the BuildLedger server, so every ratio in docs/benchmarks.md compares
//! like with like on the same machine and in the same run.

use actix_web::{web, App, HttpResponse, HttpServer};

async fn plain() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(r#"{"status":"ok","message":"hello"}"#)
}

fn main() -> std::io::Result<()> {
    let addr = std::env::var("BIND_ADDR").unwrap_or_else(|_| "127.0.0.1:8090".into());
    // Same worker count as `buildledger serve`.
    let workers = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2).max(2);
    let rt = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    rt.block_on(async move {
        HttpServer::new(|| App::new().route("/plain", web::get().to(plain))).workers(workers).bind(&addr)?.run().await
    })
}
