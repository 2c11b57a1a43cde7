"""七政四餘 (placeholder; the qizheng package init replaces this at merge)."""
