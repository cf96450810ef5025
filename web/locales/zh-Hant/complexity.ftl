## complexity: view 10, Table 1 of the paper (app/complexity_view.rs).

complexity-title = 10 · 為什麼用{ -self-attention }：每層的代價（表 1）
complexity-intro = 對於 n 個寬度為 d 的{ -token }：{ -self-attention }比較每一對位置（n²·d）；循環{ -layer }依序把 n 個狀態各乘以一個 d × d 矩陣（n·d²，需要 n 個循序步驟）。當 n < d 時{ -self-attention }比較便宜，而且任意兩個位置之間只隔一步。
complexity-slider-n = n（序列長度）
complexity-slider-d = d（d_model）
complexity-fixed = 固定：卷積核寬度 k = { $k }，鄰域 r = { $r }
complexity-model = 本模型的 n 與 d
complexity-hint = 計數只取表中的主項，不含 O(·) 省略的常數。路徑長度是整數層數：空洞卷積為 ⌈log_k n⌉，{ -restricted }為 ⌈n/r⌉；{ -restricted }只在 r < n 時才節省計算。
complexity-chart-label = 四種{ -layer }的每層乘加次數隨序列長度 n 變化的雙對數圖，並標出交點 n = d
complexity-axis-n = 序列長度 n（{ -token }數）
complexity-axis-ops = 每層乘加次數
complexity-mark-crossover = n = d = { $d }：{ -self-attention } = 循環
complexity-mark-chosen = 所選 n = { $n }
complexity-mark-model = 本模型：n = { $n }（範例句），d = { $d }
complexity-mark-model-other-d = 本模型的範例句：n = { $n }（其 d_model = { $d }）
complexity-at = 當 n = { $n }，d = { $d }，k = { $k }，r = { $r }
complexity-th-layer = { -layer }類型
complexity-th-per-layer = { -complexity }
complexity-th-sequential = { -sequential-ops }
complexity-th-path = { -max-path }
complexity-th-ops-value = 每層乘加次數
complexity-th-sequential-value = { -sequential-ops }數
complexity-th-path-value = 路徑長度（{ -layer }數）
complexity-layer-self-attention = { -self-attention }
complexity-layer-recurrent = 循環
complexity-layer-convolutional = 卷積
complexity-layer-restricted = { -restricted }
