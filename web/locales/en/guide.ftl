## Self-study guide

guide-title = Self-study guide: the tutorials' concepts, and where to see them
guide-intro = The tutorial map in full: each tutorial on the paper, section by section in its own words, with what to do in the lab and links to the views that show it; what is not in the lab, and why; how each tutorial's conventions differ from the lab's; and the tutorials' worked examples, each with how to reproduce it here.
guide-conventions-here = How the tutorials write this
guide-loading = Loading the tutorial map…
guide-unavailable = The tutorial map could not be loaded:
