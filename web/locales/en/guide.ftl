## Self-study guide

guide-title = Self-study guide: the tutorials' concepts, and where to see them
guide-intro = Each row is a section of a tutorial on the paper, in its own words, with links to the views that show it.
guide-tutorial = Tutorial
guide-section = Section
guide-views = See it in
