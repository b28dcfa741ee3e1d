"""Fleet scale: a deployment larger than can be ordered online is quoted by a person.

A sales engineer does not list a hundred thousand servers: past the largest order the
checkout takes, the answer says what one copy of the model serves, how many copies and
servers the request would take and what they cost a month, and hands over to sales. Such an
option carries no checkout link and no launch commands (one per server would be megabytes).
"""

from __future__ import annotations

from sizing.answer import PlanOption

# The largest deployment the checkout takes: 64 rented units, i.e. 64 eight-GPU servers (512
# GPUs, US$1.3-1.5M a month) or 64 single-GPU machines. The plans are sold from stock (the
# MI355X's is "limited", its delivery date shown before payment) and prices for several
# servers are quoted on request by ticket (seed-mi355x-vs-h200.zh.md, plans.json,
# knowledge.json): more than this is a capacity reservation a person confirms against stock.
MAX_ONLINE_ORDER_UNITS = 64


def beyond_online_order(option: PlanOption) -> bool:
    """Tell whether a fitting option rents more units than one online order can hold."""
    return option.fits and option.servers > MAX_ONLINE_ORDER_UNITS
