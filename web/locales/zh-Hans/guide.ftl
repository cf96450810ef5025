## Self-study guide

guide-title = 自学指南：教程中的概念，以及在哪里看到它们
guide-intro = 每一行是一篇论文教程中的一节（保留原文标题），并链接到展示它的视图。
guide-tutorial = 教程
guide-section = 章节
guide-views = 在这里看
