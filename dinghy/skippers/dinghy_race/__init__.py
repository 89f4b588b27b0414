"""The Dinghy Race skippers (simple, tactician, easy, hard) and the coach, with the parts they share: the chart of the course, time-to-go fields, judging the table."""
