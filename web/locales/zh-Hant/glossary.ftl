# Glossary (繁體中文): each technical term once, as the tutorials in this
# language write it (docs/tutorial-map.md, "Terms as the tutorials write them").
# Messages refer to these terms ({ -query }) instead of spelling them again.
# A term that differs from the tutorials says why in a `# kept:` line directly
# above it; web/src/i18n/terms.rs checks this against the map, and
# web/src/i18n/bypass.rs that ja, zh-Hans and zh-Hant messages do not spell a term out.

-attention = 注意力
# kept: 003's 注意力圖 is the attention map, the picture; this term names the weights, and the page calls its pictures 注意力圖
-attention-weights = 注意力權重
-score = 注意力分數
-scaling = 縮放
-query = Query
-key = Key
-value = Value
-projection = 投影
-multi-head = 多頭注意力機制
# kept: 003 writes only the whole 多頭注意力機制 (and 多頭), never one head alone; 頭 is that part, as zh-Hans 000 writes 每个头
-head = 頭
-self-attention = 自注意力機制
-cross-attention = 跨注意力機制
-mask = 遮罩
# kept: 003 calls it a 遮罩 that is an upper-triangular matrix (上三角矩陣) but gives it no name; 上三角遮罩 joins the two
-causal-mask = 上三角遮罩
-padding-mask = 填充遮罩
-positional-encoding = 位置編碼
-embedding = 嵌入
-residual = 殘差連接
-layer-norm = LayerNorm
-pre-norm = Norm-First
-post-norm = Norm-Last
-ffn = Feed-Forward 網路
# kept: 003 writes the English Encoder; 編碼器 is the usual zh-Hant word, so the sentences stay Chinese
-encoder = 編碼器
# kept: 003 writes the English Decoder; 解碼器 is the usual zh-Hant word, so the sentences stay Chinese
-decoder = 解碼器
-label-smoothing = 標籤平滑
-kl = KL 散度
-learning-rate = 學習率
-warmup = 預熱
-optimizer = 最佳化器
-dropout = Dropout
-greedy = 貪婪解碼
-beam-search = 集束搜尋
-length-penalty = 長度懲罰
-hypothesis = 假設
-hypotheses = 假設
-sampling = 取樣
-temperature = 溫度
-top-k = top-k
-top-p = top-p
-kv-cache = KV 快取
-bleu = BLEU 分數
-exact-match = 完全匹配
-loss = 損失
# kept: 003 writes the English Token; 詞元 is the usual zh-Hant word, so the sentences stay Chinese
-token = 詞元
-vocabulary = 詞彙表
-softmax = softmax
-transformer = Transformer
# A title (Harvard NLP's annotated code of the paper), kept as it is written.
-annotated-transformer = Annotated Transformer
-entropy = 熵
-cross-entropy = 交叉熵
-inverse-temperature = 逆溫度
-hard-attention = 硬注意力
-soft-attention = 軟注意力
-complexity = 每層複雜度
-sequential-ops = 順序運算
-max-path = 最大路徑長度
# kept: 003's 限制型自注意力層 without 層, like the table's other rows (循環, 卷積) under the header 層類型
-restricted = 限制型自注意力
-checkpoint = 檢查點
-held-out = 保留
-seed = 隨機種子
-batch = 批次
-layer = 層
-step = 步
-teacher-forcing = 教師強制
