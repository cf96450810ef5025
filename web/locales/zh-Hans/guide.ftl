## Self-study guide

guide-title = 自学指南：教程中的概念，以及在哪里看到它们
guide-intro = 教程对照表全文：每篇论文教程按节列出（保留原文标题），说明在实验室里该做什么，并链接到展示它的视图；还列出实验室里没有的内容及原因、各教程的约定与实验室的不同之处，以及教程中的算例和在这里重现的方法。
guide-conventions-here = 各教程是怎么写的
guide-loading = 正在加载教程对照表…
guide-unavailable = 无法加载教程对照表：
