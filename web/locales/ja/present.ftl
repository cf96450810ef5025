## Presentation mode and keyboard shortcuts

present-toggle = ▣ 発表モード
present-toggle-tooltip = 発表モード：図を 1 枚ずつ大きな文字で表示します（P、? でキー一覧）
present-fullscreen = 全画面
present-fullscreen-tooltip = 全画面（F）
present-nav = 図の切り替え
present-previous = 前の図
present-next = 次の図
present-counter = { $index } / { $count } · { $title }
present-hint = ← → 図の切り替え · スペース 学習/一時停止 · F 全画面 · ? キー一覧
present-shortcuts = キーボードショートカット
present-key-panels = 前 / 次の図（{ -head }の内部では計算を 1 段階ずつ表示）
present-key-figure = モデルの図（最初の図）に戻る
present-key-answers = この図の問題の答えを表示 / 隠す
present-key-play = 学習 / 一時停止
present-key-step = 学習を 1 { -step }進める
present-key-reset = リセット：最初から学習
present-key-fullscreen = 全画面のオン / オフ
present-key-present = 発表モードのオン / オフ
present-key-leave = 発表モードを終了
present-key-help = このショートカット一覧を表示
present-close = 閉じる
