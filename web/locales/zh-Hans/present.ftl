## Presentation mode and keyboard shortcuts

present-toggle = ▣ 演示模式
present-toggle-tooltip = 演示模式：一次显示一个面板，大字号（P；? 列出所有按键）
present-fullscreen = 全屏
present-fullscreen-tooltip = 全屏（F）
present-nav = 面板
present-previous = 上一个面板
present-next = 下一个面板
present-counter = { $index } / { $count } · { $title }
present-hint = ← → 切换面板 · 空格 训练/暂停 · F 全屏 · ? 按键
present-shortcuts = 键盘快捷键
present-key-panels = 上一个 / 下一个面板（在单个{ -head }视图中：一次显示一步计算）
present-key-figure = 回到模型图（第一个面板）
present-key-answers = 显示或隐藏本面板问题的答案
present-key-play = 训练或暂停
present-key-step = 训练一{ -step }
present-key-reset = 重置：从头训练
present-key-fullscreen = 打开 / 关闭全屏
present-key-present = 打开 / 关闭演示模式
present-key-leave = 退出演示模式
present-key-help = 显示这些快捷键
present-close = 关闭
