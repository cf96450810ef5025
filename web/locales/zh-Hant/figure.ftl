## figure
# Shared by every figure: the download buttons (app/export.rs) and the
# keyboard and screen-reader access of every heatmap (app/heatmap.rs).

figure-export-label = 下載這張圖
figure-export-png = 儲存為 PNG
figure-export-png-tip = 將這張圖下載為 PNG 圖片，方便放進簡報和文件。
figure-export-svg = 儲存為 SVG
figure-export-svg-tip = 將這張圖下載為 SVG 向量圖：放大後依然清晰，標籤仍是可選取的文字。
figure-export-csv = 儲存為 CSV
figure-export-csv-tip = 將這張圖背後的數值下載為 CSV 表格，可用任何試算表軟體開啟。

figure-heatmap-keys = 用 { $arrows } 在格子之間移動。{ $home } 和 { $end } 跳到一列的兩端，{ $first } 和 { $last } 跳到第一個和最後一個格子，{ $page_up } 和 { $page_down } 每次移動 { $rows } 列。
# One cell, read out when the keyboard cursor moves onto it: "query 大きい, key big, weight 0.83".
figure-cell = { $row_axis } { $row }，{ $col_axis } { $col }，{ $measure } { $value }
# The same with where the cell is, when the rows and columns are tokens (a token may repeat).
figure-cell-at = { $cell }（第 { $row_number } 列，第 { $col_number } 欄）
figure-cell-hidden = { $row_axis } { $row }，{ $col_axis } { $col }：被{ -mask }遮蔽
figure-cell-visible = { $row_axis } { $row }，{ $col_axis } { $col }：可見
figure-table-show = 以表格顯示
figure-table-hide = 收起表格
# The top-left header of the table and of the CSV: rows down, columns across.
figure-table-corner = { $row_axis } ↓ { $col_axis } →
figure-table-hidden = 遮蔽
figure-table-visible = 可見

figure-axis-query = { -query }
figure-axis-key = { -key }
figure-axis-position = 位置
figure-axis-dimension = 維度
figure-axis-head = { -layer } · { -head }
figure-axis-sentence = { -batch }中的句子
figure-axis-key-position = { -key } 位置
figure-measure-weight = 權重
figure-measure-value = 數值
figure-measure-score = { -score }
figure-measure-similarity = 相似度
