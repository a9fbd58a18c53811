// Re-embed migrations when they change (embed_migrations! alone does not track new files).
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
