pairs-title = 自己的句子对
pairs-intro = 每行一对：源句、一个制表符、译文。粘贴到这里，或选择一个制表符分隔的文件（.tsv）。实验室会建立{ -vocabulary }和划分，并从头训练一个新模型。
pairs-split = 文本如何变成{ -token }：转为小写并按空格切分；每个标点（. , ? ! 。 、 ， ？ ！）是一个{ -token }；汉字、假名和谚文书写时不加空格，所以每个字是一个{ -token }。训练句对中的每个词都在{ -vocabulary }中。
pairs-limits = 最多 { $size }、{ $lines } 行，每句最多 { $words } 个{ -token }；至少 { $min } 个不同的句对。其中十分之一（至少一个）作为{ -held-out }集，用没见过的句子衡量模型。
pairs-saved = 你的句对随运行保存在这个浏览器中，也会写进下载的{ -checkpoint }。链接无法携带它们：打开链接的人需要粘贴自己的句对。
pairs-file = 或者选择文件：
pairs-apply = 用这些句对训练
pairs-placeholder = I am a student.	我是学生。
pairs-read = 读入了 { $pairs } 个句对{ $duplicates ->
    [0] {""}
   *[other] （{ $duplicates } 行重复，只保留一次）
}。新模型将从头训练：请按“训练”。
pairs-file-read = 已读入 { $name }：请按“用这些句对训练”。
pairs-link = 链接无法携带句对：请把你的句对粘贴到“自己的句子对”中。
pairs-problem = 你的句对没有被使用：{ $problem } 当前模型继续可用。
pairs-empty = 没有句对。请每行写一对：源句、制表符、译文。
pairs-too-large = 文本有 { $size }；最多 { $max }。
pairs-not-text = 这不是 UTF-8 文本（是二进制文件，或其他编码）。
pairs-too-many-lines = 共有 { $lines } 行；最多 { $max } 行。
pairs-no-tab = 第 { $line } 行的源句和译文之间没有制表符。
pairs-too-many-columns = 第 { $line } 行有不止一个制表符；请写成源句、制表符、译文。
pairs-empty-side = 第 { $line } 行的源句或译文是空的。
pairs-too-long = 第 { $line } 行的句子有 { $words } 个{ -token }；模型最多读 { $max } 个。
pairs-too-few = 只有 { $pairs } 个不同的句对；至少需要 { $min } 个，其中一个留作{ -held-out }集。
