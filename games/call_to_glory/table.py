def score_table(data):
    raise NotImplementedError
