# Glossary (简体中文): each technical term once, as the tutorials in this
# language write it (docs/tutorial-map.md, "Terms as the tutorials write them").
# Messages refer to these terms ({ -query }) instead of spelling them again.
# A term that differs from the tutorials says why in a `# kept:` line directly
# above it; web/src/i18n/terms.rs checks this against the map, and
# web/src/i18n/bypass.rs that ja, zh-Hans and zh-Hant messages do not spell a term out.

-attention = 注意力
-attention-weights = 注意力分布
-score = 分值
-scaling = 缩放
# kept: 000's 查询值, 键值 and 真值 read as query value, key-value (pair) and truth value in everyday Chinese, and 001 writes q, k, v; 查询, 键 and 值 are the usual terms
-query = 查询
# kept: 000's 键值 usually means a key-value pair; see -query
-key = 键
# kept: 000's 真值 usually means a truth value; see -query
-value = 值
# kept: the tutorials name the matrices (000 参数矩阵, 001 权重矩阵); the messages need the operation x · W + b
-projection = 线性变换
-multi-head = 多头注意力
-head = 头
-self-attention = 自注意力
# kept: the translation of 001's English Encoder-Decoder Attention; 000's 语料注意力 (corpus attention) does not say where K and V come from
-cross-attention = 编码器-解码器注意力
-mask = 掩码
-causal-mask = 单向掩码
# kept: 001 writes the English Padding字符 and calls the mask a Mask矩阵 (掩码矩阵) but gives it no name; 填充 is padding's Chinese, joined to -mask 掩码
-padding-mask = 填充掩码
-positional-encoding = 位置编码
-embedding = 词向量
-residual = 残差连接
-layer-norm = 归一化层
-pre-norm = 前置归一化
-post-norm = 后置归一化
-ffn = 前馈神经网络层
-encoder = 编码器
-decoder = 解码器
# kept: 000 gives only the English Label Smoothing (a link title); 标签平滑 is the usual Chinese term
-label-smoothing = 标签平滑
# kept: the short form of 000's Kullback-Leibler(KL)散度 (a link title)
-kl = KL 散度
-learning-rate = 学习率
-warmup = 预热
-optimizer = 优化器
# kept: 000's comments call it 采样 (sampling), which is wrong; Dropout is the layer's name in every framework
-dropout = Dropout
# kept: 001 describes the steps (arg max, 逐字生成译文) but does not name the method
-greedy = 贪心解码
-beam-search = 束搜索
-length-penalty = 长度惩罚
-hypothesis = 假设
-hypotheses = 假设
-sampling = 采样
-temperature = 温度
-top-k = top-k
-top-p = top-p
# kept: 001 writes the code word cache; 缓存 is its Chinese
-kv-cache = KV 缓存
-bleu = BLEU
-exact-match = 完全匹配
-loss = 损失
# kept: 000 writes the English token; 词元 is the usual zh-Hans word, so the sentences stay Chinese
-token = 词元
-vocabulary = 词表
-softmax = softmax
-transformer = Transformer
# A title (Harvard NLP's annotated code of the paper), kept as it is written.
-annotated-transformer = Annotated Transformer
-entropy = 熵
-cross-entropy = 交叉熵
-inverse-temperature = 逆温度
-hard-attention = 硬注意力
-soft-attention = 软注意力
-complexity = 每层复杂度
-sequential-ops = 顺序操作数
-max-path = 最大路径长度
-restricted = 受限自注意力
-checkpoint = 检查点
-held-out = 留出
-seed = 随机种子
-batch = 批次
-layer = 层
-step = 步
-teacher-forcing = 教师强制
