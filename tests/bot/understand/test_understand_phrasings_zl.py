"""The seventy-eighth round: the ask in the middle of a long message.

A question asked between a long message's opening and its end is read for its topic (the
topic words were read in the first 200 and the last 100 characters only); terabytes a day
written apart ("每天出网 2 TB") are traffic, not a rate of requests; what was charged elsewhere
("被收了 3 千多美元") is no budget; half a server asked "zum halben Preis" is the whole-server
question, not a price. Every example is written for the test.
"""

from __future__ import annotations

from bot.understand import parse_message, parsed_to_json
from bot.understand.intents import where_asked


def _read(text, language=None):
    return parsed_to_json(parse_message(text, telegram_language=language))


_FILLER = "Some background on us and on the project we are planning for next quarter. " * 4


def test_a_question_in_the_middle_of_a_long_message_is_read():
    """The middle's questions stand between the opening and the end, bounded to three."""
    text = _FILLER + "Is outbound traffic included in the monthly price? " + _FILLER
    asked = where_asked(text, 200, 100)
    assert "Is outbound traffic included in the monthly price?" in asked
    assert len(asked) < len(text)
    many = _FILLER + " ".join(f"Question number {n}?" for n in range(10)) + _FILLER
    assert where_asked(many, 200, 100).count("Question number") == 3


def test_the_traffic_question_in_the_middle_of_an_email_is_its_topic():
    """Said in the middle: "每月包含多少流量？", the plan named before, a signature after."""
    text = (
        "您好，我们公司在评估 8 卡 HGX H200 服务器，主要做视频生成，生成的视频要回传给国内的 CDN，"
        "数据量不小，我们技术和采购正在一起评估整体方案和成本。\n\n"
        "采购批合同之前需要先确认一件事：每月包含多少流量？我们估计每天出网 1.5 TB 左右。\n\n"
        "去年在别的平台月底被收了 2 千多美元的流量费，所以这次想先问清楚。\n\n"
        "联系人：王磊，工单 #3321"
    )
    found = _read(text, "zh-Hans")
    assert (found["intent"], found.get("topic")) == ("knowledge", "traffic")
    assert found.get("requests_per_minute") is None
    assert found.get("budget_usd_month") is None


def test_terabytes_a_day_written_apart_are_no_requests():
    """Said as "每天出网 2 TB": traffic a day."""
    assert _read("每天出网大概 2 TB，流量怎么收费？", "zh-Hans").get("requests_per_minute") is None


def test_half_a_server_at_half_the_price_asks_whether_part_is_rented():
    """Said as "einen halben Server … zum halben Preis?": the whole-server answer, no price."""
    found = _read("Kann man bei euch einen halben H200-Server mieten, zum halben Preis?", "de")
    assert (found["intent"], found.get("topic")) == ("knowledge", "whole_server_only")


def test_traffic_a_day_in_a_short_question_is_the_traffic_topic():
    """Said as "流量咋算 … 每天出站大概 3T": traffic asked, not a model of 3T parameters."""
    found = _read("流量咋算的？超了另收钱不？我们每天出站大概3T", "zh-Hans")
    assert (found["intent"], found.get("topic")) == ("knowledge", "traffic")
    assert found.get("params_b") is None


def test_terabytes_a_day_in_english_are_no_rate():
    """Said as "about 3 TB a day of egress": no requests a day."""
    found = _read("about 3 TB a day of egress, is that included in the price?", "en")
    assert found.get("requests_per_minute") is None
    assert "concurrency_rate" not in (found.get("not_understood") or [])


def test_a_model_of_trillions_of_parameters_is_still_a_size():
    """Said as "一个 2T 的 MoE 模型": two trillion parameters."""
    assert _read("跑一个 2T 的 MoE 模型要几台", "zh-Hans").get("params_b") == 2000
