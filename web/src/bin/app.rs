//! The page: mounts the Leptos app on `<body>`.

fn main() {
    lab_page::shell::start();
}
