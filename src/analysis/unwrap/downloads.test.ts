/**
 * Files written from the network by any downloader, under any wrapper (downloads.ts), then run,
 * sourced or installed later on the line: a pipe to a shell (or a remote package). Uploads, and
 * downloads that are only read, stay quiet.
 */

import { describe, expect, it } from "vitest";
import { cases, type Row, run, verify } from "../test-helpers.js";

const PIPE = "shell/pipe-to-shell";

/** Each way of downloading i.sh into the working directory. */
const DOWNLOADS = [
  "curl -fsSLo i.sh https://example.com/i.sh", "wget -O i.sh https://example.com/i.sh", "wget https://example.com/i.sh", "aria2c -o i.sh https://example.com/x", "aria2c https://example.com/i.sh",
  "axel https://example.com/i.sh", "axel -o i.sh https://example.com/x", "http --download https://example.com/i.sh", "xh -d -o i.sh https://example.com/x", "http https://example.com/x > i.sh",
  "gh release download -R u/r -p i.sh -O i.sh", "scp host:i.sh .", "scp user@host:dir/i.sh ./", "scp host:x i.sh", "rsync -a host:i.sh .", "rsync -av rsync://h/m/i.sh ./",
  "fetch https://example.com/i.sh", "fetch -o i.sh https://example.com/x", "ftp -o i.sh https://example.com/x", "ftp ftp://example.com/pub/i.sh", "tnftp -o i.sh http://example.com/x",
];
const WRAPPED = ["sudo %", "sudo -u x %", "env A=1 %", "nice -n 5 %", "timeout 60 %", "grc %"];
const RUNS = ["bash i.sh", "sh ./i.sh", ". ./i.sh", "source i.sh", "chmod +x i.sh && ./i.sh", "sudo bash i.sh"];

const ROWS: Row[] = [
  ...DOWNLOADS.flatMap((d) => RUNS.map((r): Row => [`${d} && ${r}`, [PIPE], "has", true])),
  ...DOWNLOADS.slice(0, 3).flatMap((d) => WRAPPED.map((w): Row => [`${w.replace("%", d)} && bash i.sh`, [PIPE], "has", true])),
  ...["scp host:x.sh /tmp/x.sh; sh /tmp/x.sh", "rsync -a host:x.sh /tmp/ && bash /tmp/x.sh"].map((c): Row => [c, [PIPE], "has", true]),
  // uploads, reads, and downloads not run: quiet
  ...["scp i.sh host: && ssh host sh i.sh", "rsync -a src/ host:dst/", "scp host:log.txt . && cat log.txt", "aria2c -o i.sh https://example.com/x && less i.sh",
    "curl -fsSLo i.sh https://example.com/i.sh", "gh release list", "gh release download -R u/r -p '*.tgz'", "http https://example.com/api", "rsync -a host:dir/ ./backup/ && ls backup"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/downloads: a file downloaded, then run", () => {
  it.each(cases(ROWS))("%s", (_title, row) => verify(row));
});

/** Cloud and cluster copies (cloud-copies.ts) of i.sh into the working directory, each spelling of their options. */
const COPIES = [
  "aws s3 cp s3://b/i.sh .", "aws s3 cp s3://b/i.sh ./i.sh", "aws --profile p s3 cp s3://b/i.sh .", "aws --profile=p --region us-east-1 s3 cp s3://b/i.sh i.sh", "aws s3 --no-progress cp s3://b/i.sh ./", "aws s3 mv s3://b/i.sh .",
  "aws s3 cp --sse AES256 --only-show-errors s3://b/i.sh .", "aws s3 cp s3://b/i.sh - > i.sh", "aws s3api get-object --bucket b --key i.sh i.sh", "aws s3api get-object --bucket=b --key=i.sh i.sh",
  "gsutil cp gs://b/i.sh .", "gsutil -m cp gs://b/i.sh .", "gsutil -mq cp gs://b/i.sh i.sh", "gsutil -o GSUtil:parallel_thread_count=4 cp -n gs://b/i.sh .", "gsutil cat gs://b/i.sh > i.sh",
  "gcloud storage cp gs://b/i.sh .", "gcloud --project p storage cp gs://b/i.sh i.sh", "gcloud storage cp --no-clobber gs://b/i.sh .",
  "azcopy copy 'https://a.blob.core.windows.net/c/i.sh?sv=x' i.sh", "azcopy cp https://a.blob.core.windows.net/c/i.sh . --log-level ERROR", "azcopy c --overwrite=true https://a.blob.core.windows.net/c/i.sh .",
  "az storage blob download -c c -n i.sh -f i.sh", "az storage blob download --account-name a --container-name c --name i.sh --file i.sh", "az storage blob download -c c -n i.sh > i.sh",
  "rclone copy r:b/i.sh .", "rclone copy -P --transfers 4 r:b/i.sh ./", "rclone copyto r:b/i.sh i.sh", "rclone moveto --config c.conf r:b/i.sh i.sh", "rclone cat r:b/i.sh > i.sh", "rclone copyurl https://example.com/x i.sh", "rclone copyurl -a https://example.com/i.sh .",
  "kubectl cp pod:/i.sh i.sh", "kubectl cp ns/pod:/tmp/i.sh ./i.sh", "kubectl -n ns cp pod:/i.sh i.sh -c app", "kubectl cp --retries 3 pod:/i.sh .",
  "docker cp c:/i.sh .", "docker cp -L c:/tmp/i.sh i.sh", "docker container cp c:/i.sh ./", "docker -H ssh://h cp c:/i.sh .", "podman cp c:/i.sh i.sh",
  "gh gist view --raw abc123 > i.sh",
  "oc cp pod:/i.sh i.sh", "oc -n ns cp pod:/tmp/i.sh .", "s3cmd get s3://b/i.sh", "s3cmd get s3://b/i.sh i.sh", "s3cmd -c c.cfg get --force s3://b/i.sh .", "s5cmd cp s3://b/i.sh .",
  "s5cmd --endpoint-url https://s3.example.com cp s3://b/i.sh i.sh", "s5cmd cat s3://b/i.sh > i.sh", "lxc file pull c1/root/i.sh .", "lxc file pull c1/root/i.sh i.sh", "incus file pull c1/i.sh ./",
  "gcloud compute scp vm:/tmp/i.sh .", "gcloud compute scp --zone us-east1-b user@vm:i.sh i.sh", "az storage file download --share-name s --path i.sh --dest i.sh",
];
/** Directories filled from a bucket, a remote, a pod or a container, then run from. */
const TREES = [
  "aws s3 sync s3://b/d ./d", "aws s3 sync s3://b/d d --delete", "aws --profile p s3 sync s3://b/d d", "aws s3 cp s3://b/d ./d --recursive", "aws s3 cp --recursive s3://b/d d",
  "gsutil -m rsync -r gs://b/d d", "gsutil cp -r gs://b/d .", "gsutil -m cp -R gs://b/d .", "gcloud storage cp -r gs://b/d .", "gcloud storage rsync --recursive gs://b/d d",
  "azcopy copy https://a.blob.core.windows.net/c/d . --recursive", "azcopy sync https://a.blob.core.windows.net/c/d d", "az storage blob download-batch -s c -d d", "az storage blob download-batch --source c --destination d --pattern '*'",
  "rclone copy r:b/d ./d", "rclone sync r:b/d d", "rclone copy r:b/d d --max-age 24h", "kubectl cp pod:/d d", "kubectl cp ns/pod:/srv/d ./d", "docker cp c:/d .", "docker cp c:/srv/d ./d", "oras pull ghcr.io/u/d:1 -o d", "oras pull --output=d ghcr.io/u/d:1",
  "s3cmd sync s3://b/d/ d/", "s3cmd get -r s3://b/d d", "s5cmd sync 's3://b/d/*' d/", "lxc file pull -r c1/srv/d .", "oc cp pod:/srv/d d", "gcloud compute scp --recurse vm:/srv/d d",
  "az storage file download-batch -s share -d d",
];
const AROUND = ["%", "sudo %", "env A=1 %", "nohup %", "true && %", "(%)", "sh -c '%'"];

const CLOUD: Row[] = [
  ...COPIES.flatMap((d) => ["bash i.sh", ". ./i.sh", "chmod +x i.sh && ./i.sh"].map((r): Row => [`${d} && ${r}`, [PIPE], "has", true])),
  ...COPIES.slice(0, 4).flatMap((d) => AROUND.map((w): Row => [`${w.replace("%", d)}; sh i.sh`, [PIPE], "has", true])),
  ...TREES.flatMap((d) => ["./d/run.sh", "bash d/install.sh", "cd d && make", "sudo d/bin/x"].map((r): Row => [`${d} && ${r}`, [PIPE], "has", true])),
  ...TREES.slice(0, 3).flatMap((d) => AROUND.map((w): Row => [`${w.replace("%", d)}; ./d/run.sh`, [PIPE], "has", true])),
  ...["aws s3 cp s3://b/i.sh /tmp/i.sh; sh /tmp/i.sh", "aws s3 cp s3://b/i.sh /tmp/ && bash /tmp/i.sh", "sudo aws s3 cp s3://b/x /usr/local/bin/x && /usr/local/bin/x", "gsutil cp gs://b/a.sh gs://b/i.sh /tmp && bash /tmp/i.sh",
    // printed into a shell: a pipe to a shell already
    "aws s3 cp s3://b/i.sh - | bash", "rclone cat r:b/i.sh | sh", "gsutil cat gs://b/i.sh | sudo bash", "gcloud storage cat gs://b/i.sh | sh", "az storage blob download -c c -n i.sh | bash"].map((c): Row => [c, [PIPE], "has", true]),
  // copies never run, uploads, listings: quiet
  ...["aws s3 cp s3://b/data.csv .", "aws s3 cp s3://b/data.csv . && python3 analyze.py data.csv", "aws s3 cp ./build s3://b/ --recursive", "aws s3 cp i.sh s3://b/i.sh && bash i.sh", "aws s3 sync s3://b/d ./d && ls d", "aws s3 sync ./d s3://b/d && ./d/run.sh",
    "aws s3 cp s3://b/i.sh . && cat i.sh", "aws s3 ls s3://b", "aws s3 cp s3://b1/x s3://b2/x && bash x", "gsutil ls gs://b && bash i.sh", "gsutil cp i.sh gs://b/ && bash i.sh", "gcloud storage cp i.sh gs://b && sh i.sh",
    "azcopy copy ./i.sh https://a.blob.core.windows.net/c/i.sh && bash i.sh", "az storage blob upload -c c -n i.sh -f i.sh && bash i.sh", "kubectl cp i.sh pod:/i.sh", "kubectl cp i.sh pod:/i.sh && kubectl exec pod -- sh /i.sh",
    "kubectl cp ./d pod:/d && ./d/run.sh", "rclone sync ./d r:b", "rclone sync ./d r:b && ./d/run.sh", "rclone copy ./i.sh r:b && bash i.sh", "docker cp ./i.sh c:/i.sh && docker exec c sh /i.sh", "docker cp c:/var/log/app.log . && less app.log",
    "docker cp c:/app/report.pdf . && make", "kubectl get pods && bash i.sh", "oras push ghcr.io/u/x:1 i.sh && bash i.sh", "gh gist view abc && bash i.sh"].map((c): Row => [c, [], "none", true]),
];

describe("unwrap/downloads: cloud and cluster copies, then run", () => {
  it.each(cases(CLOUD))("%s", (_title, row) => verify(row));
  // A source with no extension may be a file or a directory: reported once, as the tree.
  it.each(["kubectl cp ns/pod:/x ./x && ./x", "rclone copy r:b/tool . && ./tool", "docker cp c:/app/bin/tool . && ./tool"])("%s: one finding", (cmd) => {
    expect(run(cmd, true).findings.filter((f) => f.id === PIPE)).toHaveLength(1);
  });
});

describe("unwrap/downloads: directories given every way", () => {
  it.each(cases(["curl --output-dir /tmp -O https://example.com/x.sh && bash /tmp/x.sh", "curl -O --output-dir /tmp https://example.com/x.sh && bash /tmp/x.sh", "curl --remote-name-all https://example.com/x.sh && bash x.sh",
    "wget -P/tmp https://example.com/x.sh && bash /tmp/x.sh", "wget --directory-prefix=/tmp https://example.com/x.sh && bash /tmp/x.sh", "aria2c --dir=/tmp https://example.com/x.sh && bash /tmp/x.sh"]
    .map((c): Row => [c, [PIPE], "has", true])))("%s", (_title, row) => verify(row));
});
