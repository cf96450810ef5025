## panic: the banner a panic leaves on the page (app/panic.rs).

panic-title = 頁面出了問題。
panic-reload = 重新載入
panic-reset = 清除儲存的訓練並重新載入
