## runs
# 保存在本浏览器中的训练（运行栏）与{ -checkpoint }文件。

runs-name-label = 训练名称
runs-name-placeholder = 例如：{ -warmup } 400
runs-save-as = 另存为
runs-save-as-tooltip = 以这个名称在本浏览器中保存这次训练的副本：模型、{ -optimizer }状态、{ -step }数、设置和曲线。
runs-list-label = 已保存的训练（{ $count } 个）
runs-none = 还没有可列出的已保存训练：以名称保存的训练和已关闭标签页的训练会出现在这里。
runs-item-details = { $task }，第 { $step } { -step }，{ $size } MB
runs-restore = 恢复
runs-restore-label = 恢复训练“{ $name }”
runs-delete = 删除
runs-delete-label = 删除训练“{ $name }”
runs-saved-autosave = 已在第 { $step } { -step }保存到本浏览器；重新加载页面即可恢复。
runs-saved-named = 已在第 { $step } { -step }保存为“{ $name }”。
runs-error-quota = 浏览器存储空间已满，这次训练没有保存；上一次的保存仍然保留。请删除一个已保存的训练，或下载{ -checkpoint }来保留它。
runs-error-quota-named = 浏览器存储空间已满，“{ $name }”没有保存；其他内容都没有变化。请删除一个已保存的训练，或改为下载{ -checkpoint }。
runs-error-unavailable = 本浏览器不允许在这里保存。请下载{ -checkpoint }来保留这次训练。（供报告问题用的技术细节：{ $why }）
runs-error-unavailable-embedded = 这个嵌入的视图无法保存：浏览器不允许其他网站里的框架使用存储。训练照常进行；要保留这次训练，请用“打开完整实验室”。
runs-error-not-found = 本浏览器中没有名为“{ $name }”的训练。
runs-error-unreadable-autosave = 保存在本浏览器中的训练无法读取（{ $why }），因此没有加载。
runs-error-unreadable-named = 无法读取已保存的训练“{ $name }”（{ $why }）。当前模型可以继续使用。
runs-problem-damaged = 保存的数据已损坏
runs-error-bad-name = 训练名称需要 1 到 { $max } 个字符。
runs-upload-too-large = 该文件有 { $size } 字节；本实验室的{ -checkpoint }最多 { $max } 字节，因此没有读取。当前模型可以继续使用。
runs-upload-unreadable = 无法读取文件“{ $file }”。当前模型可以继续使用。
runs-tab-title = 已关闭标签页的训练
runs-start-this-tab = 已恢复本标签页的训练，第 { $step } { -step }。
runs-start-latest-tab = 新标签页从本浏览器最近保存的训练开始：另一个标签页的训练（{ $task }，第 { $step } { -step }）。此后本标签页保存自己的训练。
runs-start-latest-named = 新标签页从本浏览器最近保存的训练开始：“{ $name }”（{ $task }，第 { $step } { -step }）。此后本标签页保存自己的训练。
runs-start-pretrained = 本标签页从预训练模型（{ $task }）开始：没有可以接着训练的已保存训练。
runs-tabs-note = 每个标签页保存自己的训练，重新加载即可恢复。已关闭标签页的训练保留在这里（最新的 { $count } 个）；要永久保留，请以名称保存。
runs-error-not-found-tab = 该标签页的训练已不在本浏览器中。
