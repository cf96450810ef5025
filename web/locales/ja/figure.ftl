## figure
# Shared by every figure: the download buttons (app/export.rs) and the
# keyboard and screen-reader access of every heatmap (app/heatmap.rs).

figure-export-label = この図をダウンロード
figure-export-png = PNG で保存
figure-export-png-tip = 図を PNG 画像としてダウンロードします。スライドや文書に貼るときに使えます。
figure-export-svg = SVG で保存
figure-export-svg-tip = 図を SVG（ベクター形式）としてダウンロードします。拡大してもぼやけず、ラベルは文字のまま残ります。
figure-export-csv = CSV で保存
figure-export-csv-tip = 図のもとになった数値を CSV の表としてダウンロードします。表計算ソフトで開けます。

figure-heatmap-keys = { $arrows } でセルを移動できます。{ $home } と { $end } で行の端へ、{ $first } と { $last } で最初と最後のセルへ、{ $page_up } と { $page_down } で { $rows } 行ずつ移動します。
# One cell, read out when the keyboard cursor moves onto it: "query 大きい, key big, weight 0.83".
figure-cell = { $row_axis } { $row }、{ $col_axis } { $col }、{ $measure } { $value }
# The same with where the cell is, when the rows and columns are tokens (a token may repeat).
figure-cell-at = { $cell }（{ $row_number } 行目、{ $col_number } 列目）
figure-cell-hidden = { $row_axis } { $row }、{ $col_axis } { $col }：{ -mask }で隠されています
figure-cell-visible = { $row_axis } { $row }、{ $col_axis } { $col }：見えています
figure-table-show = 表で表示
figure-table-hide = 表を閉じる
# The top-left header of the table and of the CSV: rows down, columns across.
figure-table-corner = { $row_axis } ↓ { $col_axis } →
figure-table-hidden = 隠す
figure-table-visible = 見える

figure-axis-query = { -query }
figure-axis-key = { -key }
figure-axis-position = 位置
figure-axis-dimension = 次元
figure-axis-head = { -layer }・{ -head }
figure-axis-sentence = { -batch }の文
figure-axis-key-position = { -key }の位置
figure-measure-weight = 重み
figure-measure-value = 値
figure-measure-score = { -score }
figure-measure-similarity = 類似度
