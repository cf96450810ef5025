## panic: the banner a panic leaves on the page (app/panic.rs).

panic-title = 页面出了问题。
panic-reload = 重新加载
panic-reset = 清除保存的训练并重新加载
