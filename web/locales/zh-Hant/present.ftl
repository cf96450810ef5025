## Presentation mode and keyboard shortcuts

present-toggle = ▣ 簡報模式
present-toggle-tooltip = 簡報模式：一次顯示一個面板，大字體（P；? 列出所有按鍵）
present-fullscreen = 全螢幕
present-fullscreen-tooltip = 全螢幕（F）
present-nav = 面板
present-previous = 上一個面板
present-next = 下一個面板
present-counter = { $index } / { $count } · { $title }
present-hint = ← → 切換面板 · 空白鍵 訓練/暫停 · F 全螢幕 · ? 按鍵
present-shortcuts = 鍵盤快速鍵
present-key-panels = 上一個 / 下一個面板（在單一{ -head }檢視中：一次顯示一步計算）
present-key-figure = 回到模型圖（第一個面板）
present-key-answers = 顯示或隱藏本面板問題的答案
present-key-play = 訓練或暫停
present-key-step = 訓練一{ -step }
present-key-reset = 重設：從頭訓練
present-key-fullscreen = 開啟 / 關閉全螢幕
present-key-present = 開啟 / 關閉簡報模式
present-key-leave = 離開簡報模式
present-key-help = 顯示這些快速鍵
present-close = 關閉
