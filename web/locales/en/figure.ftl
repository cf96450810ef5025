## figure
# Shared by every figure: the download buttons (app/export.rs) and the
# keyboard and screen-reader access of every heatmap (app/heatmap.rs).

figure-export-label = Download this figure
figure-export-png = Save PNG
figure-export-png-tip = Download the figure as a PNG image, for slides and documents.
figure-export-svg = Save SVG
figure-export-svg-tip = Download the figure as an SVG drawing: it stays sharp at any size, and its labels stay text.
figure-export-csv = Save CSV
figure-export-csv-tip = Download the numbers behind the figure as a CSV table, to open in any spreadsheet.

figure-heatmap-keys = { $arrows } move between cells. { $home } and { $end } go to the ends of a row, { $first } and { $last } to the first and last cell, { $page_up } and { $page_down } { $rows } rows at a time.
# One cell, read out when the keyboard cursor moves onto it: "query 大きい, key big, weight 0.83".
figure-cell = { $row_axis } { $row }, { $col_axis } { $col }, { $measure } { $value }
# The same with where the cell is, when the rows and columns are tokens (a token may repeat).
figure-cell-at = { $cell } (row { $row_number }, column { $col_number })
figure-cell-hidden = { $row_axis } { $row }, { $col_axis } { $col }: hidden by the { -mask }
figure-cell-visible = { $row_axis } { $row }, { $col_axis } { $col }: visible
figure-table-show = Show as table
figure-table-hide = Hide the table
# The top-left header of the table and of the CSV: rows down, columns across.
figure-table-corner = { $row_axis } ↓ { $col_axis } →
figure-table-hidden = hidden
figure-table-visible = visible

figure-axis-query = { -query }
figure-axis-key = { -key }
figure-axis-position = position
figure-axis-dimension = dimension
figure-axis-head = { -layer } · { -head }
figure-axis-sentence = sentence of the { -batch }
figure-axis-key-position = { -key } position
figure-measure-weight = weight
figure-measure-value = value
figure-measure-score = { -score }
figure-measure-similarity = similarity
