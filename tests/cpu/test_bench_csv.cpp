// The results CSV: escaping, row format, reading back, row-by-row flushing; the JSON summary.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bench/csv.hpp"
#include "bench/errors.hpp"
#include "bench/report.hpp"
#include "bench/report_output.hpp"

using namespace autogemm;
using namespace autogemm::bench;

namespace {

ResultRow ok_row(Shape s, const std::string& method, Layout l, double median_us) {
  ResultRow r;
  r.shape = s;
  r.layout = l;
  r.method = method;
  r.mode = "kernel";
  r.time = TimeStats{median_us, median_us * 0.9, median_us * 1.2, 7};
  r.rel_err = 2.5e-4;
  r.spec = "id=21 tile=18, stages=8";  // a comma, to exercise quoting
  return r;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST(Csv, HeaderKeepsDesignColumnsFirst) {
  EXPECT_EQ(csv_header(),
            "M,N,K,dtype,acc,layout,method,mode,median_us,p10_us,p90_us,tflops,rel_err,spec,"
            "status");
}

TEST(Csv, Escape) {
  EXPECT_EQ(csv_escape("plain"), "plain");
  EXPECT_EQ(csv_escape("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_escape("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_escape(""), "");
  const std::vector<std::string> fields = {"x", "a,b", "q\"q", ""};
  std::string line;
  for (size_t i = 0; i < fields.size(); ++i)
    line += (i ? "," : std::string()) + csv_escape(fields[i]);
  EXPECT_EQ(csv_split(line), fields);
  EXPECT_THROW(csv_split("\"open"), Error);
}

TEST(Csv, OkRow) {
  const ResultRow r = ok_row({8192, 8192, 8192}, "cublas_nn", Layout::nn, 1500);
  EXPECT_EQ(csv_row(r),
            "8192,8192,8192,fp16,fp32,nn,cublas_nn,kernel,1500.000,1350.000,1800.000,733.01,"
            "2.500e-04,\"id=21 tile=18, stages=8\",ok");
}

TEST(Csv, FailedRowHasEmptyTimesAndAStatus) {
  ResultRow r = ok_row({64, 64, 64}, "cublas_tn", Layout::tn, 5);
  r.time.reset();
  r.rel_err = NAN;
  r.status = RowStatus::failed;
  r.message = "correctness: 12 of 4096 outputs NaN/Inf";
  EXPECT_EQ(csv_row(r),
            "64,64,64,fp16,fp32,tn,cublas_tn,kernel,,,,,nan,\"id=21 tile=18, stages=8\","
            "FAILED: correctness: 12 of 4096 outputs NaN/Inf");
}

TEST(Csv, ParseRoundTrip) {
  ResultRow a = ok_row({64, 4096, 64}, "cublaslt_autotune_tn", Layout::tn, 4.6);
  ResultRow b = ok_row({64, 4096, 64}, "torch_matmul", Layout::nn, 9.1);
  ResultRow c = a;
  c.method = "cublas_nn";
  c.time.reset();
  c.rel_err.reset();
  c.status = RowStatus::skipped;
  c.message = "needs 9.00 GiB of device memory";
  const std::string text =
      csv_header() + "\n" + csv_row(a) + "\n" + csv_row(b) + "\n" + csv_row(c) + "\n";
  const auto rows = parse_results_csv(text, "t.csv");
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].shape, (Shape{64, 4096, 64}));
  EXPECT_EQ(rows[0].method, "cublaslt_autotune_tn");
  EXPECT_EQ(rows[0].layout, Layout::tn);
  ASSERT_TRUE(rows[0].time);
  EXPECT_NEAR(rows[0].time->median_us, 4.6, 1e-9);
  EXPECT_EQ(rows[0].spec, a.spec);
  EXPECT_EQ(rows[1].method, "torch_matmul");
  EXPECT_EQ(rows[2].status, RowStatus::skipped);
  EXPECT_EQ(rows[2].message, c.message);
  EXPECT_FALSE(rows[2].time);
}

// A picked method (--spec table:NAME=FILE) whose table lacks the shape: its own status, read
// back as such, and counted with the skipped rows in the summary (not a failure).
TEST(Csv, NoEntryRow) {
  ResultRow r = ok_row({64, 64, 64}, "tuned_b8", Layout::tn, 5);
  r.time.reset();
  r.rel_err.reset();
  r.spec = "";
  r.status = RowStatus::no_entry;
  r.message = "not in tuning table t8.json";
  EXPECT_EQ(csv_row(r),
            "64,64,64,fp16,fp32,tn,tuned_b8,kernel,,,,,,,no_entry: not in tuning table t8.json");
  const auto rows = parse_results_csv(csv_header() + "\n" + csv_row(r) + "\n", "n.csv");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].status, RowStatus::no_entry);
  EXPECT_EQ(rows[0].message, r.message);
  const Summary s = summarize_results(rows, "");
  ASSERT_EQ(s.methods.size(), 1u);
  EXPECT_EQ(s.methods[0].skipped, 1u);
  EXPECT_EQ(s.methods[0].failed, 0u);
}

TEST(Csv, ParseErrorsNameTheLine) {
  const std::string text = csv_header() + "\n64,64,64,fp16,fp32,nn,x,kernel,abc,1,1,1,,,ok\n";
  try {
    parse_results_csv(text, "r.csv");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("r.csv:2"), std::string::npos) << e.what();
  }
  EXPECT_THROW(parse_results_csv("M,N\n1,2\n", "h.csv"), InputError);
}

TEST(Csv, WriterFlushesEachRow) {
  const auto dir = std::filesystem::temp_directory_path() / "autogemm_test_csv" / "sub";
  std::filesystem::remove_all(dir.parent_path());
  const std::string path = (dir / "out.csv").string();
  CsvWriter w(path);  // creates the missing directories
  EXPECT_EQ(slurp(path), csv_header() + "\n");
  const ResultRow r = ok_row({64, 64, 64}, "cublas_nn", Layout::nn, 5);
  w.write(r);
  // Visible before the writer is closed: a killed run keeps it.
  EXPECT_EQ(slurp(path), csv_header() + "\n" + csv_row(r) + "\n");
  EXPECT_EQ(read_results_csv(path).size(), 1u);
  std::filesystem::remove_all(dir.parent_path());
}

// Committed results are gzipped, and write-ups name them NAME.csv: either name reads the file,
// and a truncated one is an error naming it, not a short list of rows.
TEST(Csv, ReadsAGzippedFileByEitherName) {
  const auto dir = std::filesystem::temp_directory_path() / "autogemm_test_csv_gz";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string plain = (dir / "run.csv").string();
  {
    CsvWriter w(plain);
    for (int i = 0; i < 200; ++i)
      w.write(ok_row({64, 64, 8 * (i + 1)}, "cublas_nn", Layout::nn, 5));
  }
  ASSERT_EQ(std::system(("gzip -n '" + plain + "'").c_str()), 0);  // leaves run.csv.gz only
  ASSERT_FALSE(std::filesystem::exists(plain));
  EXPECT_EQ(read_results_csv(plain).size(), 200u);
  EXPECT_EQ(read_results_csv(plain + ".gz").size(), 200u);
  const std::string gz = plain + ".gz";
  std::filesystem::resize_file(gz, std::filesystem::file_size(gz) / 2);
  try {
    read_results_csv(plain);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("CSV '" + gz + "': the file is truncated or unreadable"),
              std::string::npos)
        << e.what();
  }
  EXPECT_THROW(read_results_csv((dir / "missing.csv").string()), InputError);
  std::filesystem::remove_all(dir);
}

TEST(Json, SummaryHasMethodsSpeedupsAndShapes) {
  std::vector<ResultRow> rows = {ok_row({64, 64, 64}, "cublas_nn", Layout::nn, 10),
                                 ok_row({64, 64, 64}, "cublas_tn", Layout::tn, 8),
                                 ok_row({64, 64, 64}, "autogemm", Layout::tn, 5)};
  const auto j = summary_json(summarize_results(rows, "autogemm_tn"));
  EXPECT_EQ(j["candidate"], "autogemm_tn");
  ASSERT_EQ(j["methods"].size(), 3u);
  EXPECT_EQ(j["methods"][0]["method"], "cublas_nn");
  EXPECT_DOUBLE_EQ(j["methods"][0]["geomean_us"].get<double>(), 10);
  ASSERT_EQ(j["speedups"].size(), 3u);  // cublas_nn, cublas_tn, cublas-max
  EXPECT_EQ(j["speedups"][2]["baseline"], "cublas-max");
  EXPECT_DOUBLE_EQ(j["speedups"][2]["geomean"].get<double>(), 8.0 / 5.0);
  EXPECT_DOUBLE_EQ(j["shapes"][0]["speedup"]["cublas_nn"].get<double>(), 2.0);
  EXPECT_EQ(nlohmann::json::parse(j.dump()), j);
}
