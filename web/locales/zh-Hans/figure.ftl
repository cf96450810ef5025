## figure
# Shared by every figure: the download buttons (app/export.rs) and the
# keyboard and screen-reader access of every heatmap (app/heatmap.rs).

figure-export-label = 下载此图
figure-export-png = 保存为 PNG
figure-export-png-tip = 将此图下载为 PNG 图片，便于放进幻灯片和文档。
figure-export-svg = 保存为 SVG
figure-export-svg-tip = 将此图下载为 SVG 矢量图：放大后依然清晰，标签仍是可选中的文字。
figure-export-csv = 保存为 CSV
figure-export-csv-tip = 将此图背后的数值下载为 CSV 表格，可用任何电子表格软件打开。

figure-heatmap-keys = 用 { $arrows } 在单元格之间移动。{ $home } 和 { $end } 跳到一行的两端，{ $first } 和 { $last } 跳到第一个和最后一个单元格，{ $page_up } 和 { $page_down } 每次移动 { $rows } 行。
# One cell, read out when the keyboard cursor moves onto it: "query 大きい, key big, weight 0.83".
figure-cell = { $row_axis } { $row }，{ $col_axis } { $col }，{ $measure } { $value }
# The same with where the cell is, when the rows and columns are tokens (a token may repeat).
figure-cell-at = { $cell }（第 { $row_number } 行，第 { $col_number } 列）
figure-cell-hidden = { $row_axis } { $row }，{ $col_axis } { $col }：被{ -mask }遮蔽
figure-cell-visible = { $row_axis } { $row }，{ $col_axis } { $col }：可见
figure-table-show = 以表格显示
figure-table-hide = 收起表格
# The top-left header of the table and of the CSV: rows down, columns across.
figure-table-corner = { $row_axis } ↓ { $col_axis } →
figure-table-hidden = 遮蔽
figure-table-visible = 可见

figure-axis-query = { -query }
figure-axis-key = { -key }
figure-axis-position = 位置
figure-axis-dimension = 维度
figure-axis-head = { -layer } · { -head }
figure-axis-sentence = { -batch }中的句子
figure-axis-key-position = { -key }位置
figure-measure-weight = 权重
figure-measure-value = 数值
figure-measure-score = { -score }
figure-measure-similarity = 相似度
