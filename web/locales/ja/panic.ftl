## panic: the banner a panic leaves on the page (app/panic.rs).

panic-title = このページで問題が起きました。
panic-reload = 再読み込み
panic-reset = 保存した学習を消して再読み込み
