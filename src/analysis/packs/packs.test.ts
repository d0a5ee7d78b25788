/**
 * The packs beyond core, ESLint-style: `input → finding ids`, positives and the quiet examples
 * side by side, through the real analyze() in guard mode; then each pack switched off.
 */

import { describe, expect, it } from "vitest";
import { extractFactsReference } from "../../facts/reference.js";
import { analyze } from "../analyze.js";
import { cases, options, verify, type Row } from "../test-helpers.js";
import { PACK_NAMES, packOf } from "./index.js";

const g = (cmd: string, expected: readonly string[]): Row => [cmd, expected, expected.length === 0 ? "exact" : "has", true];

const SYSTEM: Row[] = [
  // networking taken down: every spelling of ip's objects and verbs
  ...["ip link set eth0 down", "ip l s eth0 down", "ip li set dev eth0 down", "ip -6 link set eth0 down", "ip -s -d link set enp3s0 down", "ip link set dev eth0 down alias lo", "ifconfig eth0 down",
    "ifconfig eth0 inet down", "ifdown eth0", "ifdown -a", "ifdown lo eth0", "nmcli networking off", "nmcli n off", "nmcli -w 10 networking off", "nmcli device disconnect eth0", "nmcli de dis eth0",
    "nmcli d down eth0", "nmcli -f all device disconnect eth0 lo", "nmcli connection down 'Wired 1'", "nmcli conn down id x", "nmcli co dow x",
    // addresses, routes and leases gone, a link deleted, networkd's down
    "ip addr flush dev eth0", "ip a f eth0", "ip -4 address flush dev enp3s0", "ip addr del 10.0.0.5/24 dev eth0", "ip a d 10.0.0.5/24 dev wlan0", "ip route del default", "ip r d default via 10.0.0.1",
    "ip route flush all", "ip r f 0/0", "ip route flush table main", "ip -6 route del ::/0", "ip link delete eth0", "ip l del dev eth1", "networkctl down eth0", "networkctl down lo eth0",
    "dhclient -r", "dhclient -v -r eth0", "dhclient -x", "dhcpcd -k", "dhcpcd -k eth0", "dhcpcd -x", "nmcli connection down 'Wired connection 1'"].map((c) => g(c, ["dangerous/service-stop"])),
  ...["ip link set eth0 up", "ip link set lo down", "ip link show", "ip addr", "ip -br a", "ip route", "ifconfig", "ifconfig eth0 up", "ifconfig lo down", "nmcli networking on", "nmcli d wifi list",
    "nmcli con show", "nmcli device status", "nmcli connection delete OldWifi", "nmcli radio wifi off", "ip -batch routes.txt",
    // interfaces no session runs over: CAN buses, containers' bridges and veths, tunnels, another namespace
    "sudo ip link set dev can0 down", "ip link set docker0 down", "ip link set veth1a2b down", "ip link set wg0 down", "ifconfig tun0 down", "ifdown virbr0", "ip -n ns1 link set eth0 down",
    "ip netns exec ns1 ip link set veth1 down", "nmcli device disconnect docker0",
    "ip route flush cache", "ip route del 10.1.0.0/16", "ip route add default via 10.0.0.1", "ip route show default", "ip -n ns1 route del default", "ip addr add 10.0.0.5/24 dev eth0",
    "ip addr flush dev docker0", "ip a f lo", "ip link delete veth12", "ip link del wg0", "ip a show dev eth0", "networkctl status", "networkctl down wg0", "networkctl up eth0",
    "dhclient eth0", "sudo dhclient -v wlan0", "dhcpcd eth0", "dhcpcd -k docker0", "nmcli connection down work-vpn", "nmcli c down wg0", "nmcli con down 'Office VPN'"].map((c) => g(c, [])),
  ...["shutdown", "shutdown -h now", "shutdown -r +5", "sudo reboot", "poweroff", "halt", "halt -p", "init 0", "telinit 6",
    "systemctl poweroff", "systemctl reboot", "systemctl --no-wall halt", "systemctl -i suspend", "systemctl isolate rescue.target"].map((c) => g(c, ["dangerous/power-off"])),
  ...["kill -- -1", "kill -TERM -1", "kill -s HUP -1", "kill -15 1", "pkill -u root", "pkill --euid 0", "killall -u bob", "killall5 -15"].map((c) => g(c, ["dangerous/kill-broad"])),
  g(":(){ :|:& };:", ["dangerous/fork-bomb"]),
  g("bomb() { bomb | bomb & }; bomb", ["dangerous/fork-bomb"]),
  g("crontab -r", ["dangerous/crontab-remove"]),
  ...["shellguard trust", "shellguard trust .shellguardrc.yaml", "sudo shellguard trust", "shellguard agent-hook uninstall claude-code", "shellguard agent-hook uninstall codex --user",
    "bash -c 'shellguard trust'"].map((c) => g(c, ["dangerous/guard-change"])),
  ...["shellguard untrust", "shellguard trust --help", "shellguard agent-hook install claude-code", "shellguard check 'ls'", "shellguard doctor"].map((c) => g(c, [])),
  g("crontab -ir", ["dangerous/crontab-remove"]),
  ...["iptables -F", "iptables --flush", "ip6tables -t nat -F", "iptables -X", "iptables -P INPUT DROP", "nft flush ruleset", "sudo nft flush ruleset", "ufw disable", "ufw reset"].map((c) => g(c, ["dangerous/firewall-flush"])),
  ...["systemctl stop sshd", "systemctl stop ssh.service", "systemctl disable --now ssh", "systemctl mask NetworkManager", "service ssh stop"].map((c) => g(c, ["dangerous/service-stop"])),
  // quiet
  ...["shutdown -c", "shutdown --help", "shutdown -k +5", "init 3", "systemctl status sshd", "systemctl restart sshd", "systemctl stop nginx",
    "systemctl --dry-run poweroff", "halt -w", "reboot --wtmp-only", "kill 1234", "kill -TERM 1234", "kill -- -4242", "kill -l", "pkill node", "pkill -f 'node server'", "crontab -l",
    "crontab -e", "iptables -L", "iptables -A INPUT -p tcp --dport 22 -j ACCEPT", "nft list ruleset", "ufw status", "f() { echo hi; }; f", "f() { f2 | cat & }; f"].map((c) => g(c, [])),
];

const DISKS: Row[] = [
  ...["virsh undefine vm --remove-all-storage", "virsh undefine --nvram vm --storage vda", "virsh -c qemu:///system vol-delete v --pool p", "virsh vol-wipe v --pool p", "virsh pool-delete p"].map((c) => g(c, ["dangerous/disk-erase"])),
  ...["virsh list --all", "virsh undefine vm", "virsh vol-list p", "virsh start vm"].map((c) => g(c, [])),
  ...["blkdiscard /dev/sda", "nvme format /dev/nvme0n1", "nvme sanitize -a 2 /dev/nvme0", "cryptsetup luksFormat /dev/sdb", "cryptsetup erase /dev/sdb",
    "badblocks -w /dev/sdb", "badblocks -wsv /dev/sdb", "zpool destroy tank", "zfs destroy -r tank/data", "lvremove vg/lv", "mdadm --zero-superblock /dev/sdb1", "hdparm --security-erase p /dev/sda"].map((c) => g(c, ["dangerous/disk-erase"])),
  ...["mkntfs /dev/sdb1", "mkdosfs -F 32 /dev/sdb1", "mkfs.exfat /dev/sdb1"].map((c) => g(c, ["dangerous/mkfs"])),
  ...["blkdiscard --help", "nvme list", "cryptsetup open /dev/sdb x", "cryptsetup status x", "badblocks /dev/sdb", "badblocks -n /dev/sdb", "zpool status", "zfs list", "mkdosfs -C disk.img 1440", "lvs"].map((c) => g(c, [])),
];

const GIT: Row[] = [
  g("git push origin --delete main", ["dangerous/git-push-delete"]),
  g("git push -d origin v1", ["dangerous/git-push-delete"]),
  g("git push origin :main", ["dangerous/git-push-delete"]),
  g("git -C repo push origin :refs/tags/v1", ["dangerous/git-push-delete"]),
  g("git -c remote.origin.push=+refs/heads/*:refs/heads/* push", ["dangerous/git-push-force"]),
  g("git -c Remote.Origin.Push=+main push origin", ["dangerous/git-push-force"]),
  g("git -c clean.requireForce=false clean -dx", ["dangerous/git-clean-force"]),
  g("git rm -rf .", ["dangerous/git-rm-all"]),
  g("git rm -r -- '*'", ["dangerous/git-rm-all"]),
  g("git update-ref -d refs/heads/main", ["dangerous/git-ref-delete"]),
  g("git checkout -- ./*", ["dangerous/git-checkout-discard"]),
  g("git restore -- ':!x'", ["dangerous/git-restore-discard"]),
  g("git restore ':(exclude)vendor'", ["dangerous/git-restore-discard"]),
  g("git reflog expire --expire=now --all", ["dangerous/git-reflog-expire"]),
  g("git reflog expire --expire-unreachable=now --all", ["dangerous/git-reflog-expire"]),
  g("git gc --prune=now", ["dangerous/git-reflog-expire"]),
  g("git prune", ["dangerous/git-reflog-expire"]),
  g("git stash clear", ["dangerous/git-stash-drop"]),
  g("git filter-branch --tree-filter 'rm x' HEAD", ["dangerous/git-history-rewrite"]),
  g("git filter-repo --path secrets --invert-paths", ["dangerous/git-history-rewrite"]),
  ...["git push", "git push origin main", "git push -u origin feature", "git push --dry-run origin :main", "git -c user.name=x commit -m m", "git clean -n",
    "git -c clean.requireForce=true clean -dx", "git rm --cached -r .", "git rm -r docs", "git rm -n -r .", "git update-ref refs/heads/x HEAD", "git checkout -- src/a.ts",
    "git restore src/a.ts", "git reflog", "git reflog expire --expire=90.days.ago --all", "git gc", "git gc --prune=2.weeks.ago", "git prune --dry-run", "git stash list"].map((c) => g(c, [])),
];

const CONTAINERS: Row[] = [
  ...["podman system reset", "podman system reset -f", "sudo podman system reset --force"].map((c) => g(c, ["dangerous/container-volume-delete"])),
  ...["docker image prune -a", "docker image prune -af", "podman image prune --all --force", "docker image prune --all --filter until=24h"].map((c) => g(c, ["dangerous/container-prune"])),
  ...["docker image prune", "docker image prune -f", "podman system df", "podman system reset --help", "docker image ls"].map((c) => g(c, [])),
  g("docker system prune -af --volumes", ["dangerous/container-volume-delete"]),
  g("docker system prune -a", ["dangerous/container-prune"]),
  g("podman system prune --all --force", ["dangerous/container-prune"]),
  g("docker volume rm $(docker volume ls -q)", ["dangerous/container-volume-delete"]),
  g("docker volume prune -f", ["dangerous/container-volume-delete"]),
  g("docker compose down -v", ["dangerous/container-volume-delete"]),
  g("docker -H ssh://h compose -f x.yml down --volumes", ["dangerous/container-volume-delete"]),
  g("docker-compose down -v", ["dangerous/container-volume-delete"]),
  g("docker run -v /:/host alpine rm -rf /host/etc", ["dangerous/container-host-root"]),
  // the host's / however spelled
  ...["docker run -v /./:/h img", "docker run -v /etc/..:/h img", "docker run -v //:/h img", "podman run --mount type=bind,source=/./,target=/h img"].map((c) => g(c, ["dangerous/container-host-root"])),
  g("docker run --rm -it --mount type=bind,source=/,target=/h alpine sh", ["dangerous/container-host-root"]),
  // containers that reach the host: privileged, the engine's socket, kernel capabilities and disks, home or a system directory writable
  ...["docker run --privileged alpine sh", "podman run --privileged=true img", "docker run -v /var/run/docker.sock:/var/run/docker.sock img", "docker run -v /run/podman/podman.sock:/s:ro img",
    "docker run --mount type=bind,source=/var/run/docker.sock,target=/s img", "docker run --cap-add=SYS_ADMIN img", "docker run --cap-add ALL img", "docker run --device /dev/sda:/dev/xvda img",
    "docker run --device=/dev/nvme0n1 img", "docker run -v $HOME:/h img", "docker run -v ~:/h img", "docker run -v \"${HOME}\":/h img", "docker run -v /home:/h img",
    "docker run --mount type=bind,source=$HOME,target=/h img", "docker run -v /etc:/host-etc img", "docker run -v /usr/:/u img", "nerdctl run -v /root:/r img",
    "docker container run -v /boot:/b img", "sudo docker run -v /var/lib:/v img"].map((c) => g(c, ["dangerous/container-host-access"])),
  ...["docker ps", "docker system prune", "docker system df", "docker volume ls", "docker compose down", "docker compose up -d", "docker run -v /:/host:ro alpine ls /host",
    "docker run -v $PWD:/src node npm test", "podman images", "docker run --privileged=false img", "docker run -v $HOME:/h:ro img", "docker run -v /etc:/e:ro,z img",
    "docker run -v ~/.m2:/root/.m2 maven mvn package", "docker run -v ~/.aws:/root/.aws amazon/aws-cli s3 ls", "docker run --cap-add=NET_ADMIN img", "docker run --device /dev/fuse img",
    "docker run -v $(pwd):/app -w /app node:20 npm ci", "docker run -v /tmp/x:/x img", "docker run --mount type=bind,source=/etc,target=/e,readonly img"].map((c) => g(c, [])),
];

/**
 * Destructive verbs the packs had missed, each with its quiet counterparts: a node debugged
 * (kubernetes), hosted data deleted (cloud), key-value stores emptied and COPY … PROGRAM
 * (databases).
 */
const KUBE_DEBUG: Row[] = [
  ...["kubectl debug node/x -it --image=busybox -- chroot /host rm -rf /etc", "kubectl debug node/x -it --image=busybox", "kubectl debug nodes/n1 --image busybox -- ls", "kubectl debug Node/n1 -it --image=busybox",
    "kubectl -n x --context prod debug -it --image busybox node/n1", "kubectl debug -c dbg --image=busybox node/n1", "kubectl -v 9 debug no/n1 --image=busybox", "oc debug node/x -- chroot /host rm -rf /etc",
    "kubectl debug mypod -it --image=busybox --profile=sysadmin", "kubectl debug mypod -it --image=busybox --profile sysadmin"].map((c) => g(c, ["dangerous/kube-host-access"])),
  ...["kubectl debug pod/x -it --image=busybox", "kubectl debug x -it --image=busybox --target=app", "kubectl debug -c node --image=busybox x", "kubectl debug mypod --copy-to=dbg --profile general",
    "kubectl debug pod/node -it --image=busybox", "kubectl get node/x", "kubectl describe node n1"].map((c) => g(c, [])),
];

const HOSTED_VERBS: Row[] = [
  ...["rclone purge remote:bucket", "rclone delete remote:path", "rclone rmdirs remote:path", "rclone --config x.conf purge r:b", "rclone -v --transfers 8 delete r:b/p", "rclone purge r:b --max-depth 2",
    "firebase firestore:delete --all-collections -f", "firebase database:remove /", "firebase database:remove /users -f", "firebase -P prod firestore:delete -r users", "firebase --project=prod firestore:delete --recursive users",
    "gh api -X DELETE repos/x/y", "gh api --method DELETE repos/x/y", "gh api --method=DELETE repos/x/y", "gh api -XDELETE repos/x/y", "gh api -X delete repos/x/y/releases/1", "gh api -H 'Accept: x' -X DELETE repos/x/y",
    "gh repo delete o/r --yes",
    "wrangler r2 bucket delete x", "wrangler d1 delete db", "wrangler kv namespace delete --namespace-id x", "wrangler queues delete q", "wrangler -c w.toml delete", "wrangler --env prod d1 delete db -y",
    "supabase db reset --linked", "supabase db reset --db-url postgres://x", "supabase --workdir x db reset --linked", "supabase projects delete ref", "supabase branches delete b"].map((c) => g(c, ["dangerous/cloud-delete"])),
  ...["rclone ls r:b", "rclone copy purge r:b", "rclone purge r:b -n", "rclone purge r:b --dry-run", "rclone lsd r:", "rclone sync --config delete ./d r:b", "rclone deletefile r:b/one.txt",
    "firebase firestore:delete users/u1", "firebase database:get /", "firebase deploy", "gh api repos/x/y", "gh api -X GET repos/x/y", "gh api --method POST repos/x/y/issues -f title=delete",
    "gh api repos/x/y/delete", "gh repo view", "wrangler r2 bucket list", "wrangler r2 object delete b/k", "wrangler kv key delete k --namespace-id x", "wrangler d1 list", "wrangler deploy",
    "supabase db diff", "supabase db reset", "supabase db reset --local", "supabase projects list", "supabase db push"].map((c) => g(c, [])),
];

const KV_STORES: Row[] = [
  ...["etcdctl del --prefix ''", "etcdctl del \"\" --from-key", "etcdctl del --from-key ''", "etcdctl del --prefix /registry", "etcdctl --endpoints https://e:2379 del --prefix /", "etcdctl -w json del a z",
    "etcdctl --cacert c --cert c --key k del --prefix=true ''", "ETCDCTL_API=2 etcdctl rm -r /", "consul kv delete -recurse ''", "consul kv delete -recurse", "consul kv delete --recurse=true app/",
    "consul kv delete -http-addr=x -recurse app", "vault secrets disable secret/", "vault kv metadata delete secret/x", "vault kv metadata delete -mount=secret x", "vault kv destroy -versions=1 secret/x"]
    .map((c) => g(c, ["dangerous/redis-flush"])),
  ...["etcdctl get --prefix ''", "etcdctl del key", "etcdctl --endpoints del get --prefix ''", "etcdctl del --prefix=false k", "etcdctl put k v", "consul kv get -recurse", "consul kv delete k",
    "consul kv delete -recurse=false app", "vault secrets list", "vault secrets enable kv", "vault kv get secret/x", "vault kv metadata get secret/x", "vault kv put secret/x a=1"].map((c) => g(c, [])),
];

const COPY_PROGRAM: Row[] = [
  ...["psql -c \"COPY (SELECT 1) TO PROGRAM 'rm -rf ~'\"", "psql -c \"copy t from program 'curl x | sh'\"", "psql -h db -c 'COPY t TO PROGRAM $$gzip > /tmp/t.gz$$'",
    "psql -c \"COPY t TO PROGRAM E'ls'\"", "psql -c \"select 1; COPY t FROM PROGRAM 'id'\"", "psql <<'EOF'\nCOPY t TO PROGRAM 'gzip > /tmp/x.gz';\nEOF", "echo \"COPY t TO PROGRAM 'id'\" | psql"]
    .map((c) => g(c, ["dangerous/sql-destructive"])),
  ...["psql -c \"COPY t TO STDOUT\"", "psql -c \"COPY t FROM '/tmp/program'\"", "psql -c \"select 'copy t to program x'\"", "psql -c \"COPY t TO STDOUT -- to program 'x'\"",
    "psql -c \"\\copy t to 'out.csv' csv\""].map((c) => g(c, [])),
];

const KUBERNETES: Row[] = [
  ...["kubectl delete ns prod", "kubectl delete namespace prod", "kubectl -n x delete pods --all", "kubectl delete pods --all -A", "kubectl --context prod delete pvc --all",
    "kubectl delete node n1", "kubectl delete crd widgets.example.com", "kubectl drain n1", "oc delete project x --all",
    // kinds as kubectl resolves them: any case, a version or group, kind/name
    "kubectl delete Namespace x", "kubectl delete NAMESPACES x", "kubectl delete namespace.v1 x", "kubectl delete crd.apiextensions.k8s.io x",
    "kubectl delete customresourcedefinitions.v1.apiextensions.k8s.io x", "kubectl delete namespace/prod", "kubectl delete Node/n1",
    "kubectl delete clusterroles.rbac.authorization.k8s.io admin",
    // a claim's data goes with it; an OpenShift project is a namespace
    "kubectl delete pvc data-db-0", "kubectl -n db delete persistentvolumeclaim/data", "oc delete project prod", "oc delete projects a b"].map((c) => g(c, ["dangerous/kube-delete"])),
  g("helm uninstall myrel", ["dangerous/helm-uninstall"]),
  g("helm -n prod delete myrel", ["dangerous/helm-uninstall"]),
  ...["kubectl get pods", "kubectl get ns", "kubectl delete pod web-1", "kubectl -n x delete deploy web", "kubectl delete ns prod --dry-run=client", "kubectl apply -f x.yaml",
    "helm list", "helm uninstall x --dry-run", "helm install x chart"].map((c) => g(c, [])),
  ...KUBE_DEBUG,
];

const CLOUD: Row[] = [
  // infrastructure tools and hosted projects: each verb, with global options before it
  ...["pulumi destroy", "pulumi destroy --yes", "pulumi -C infra down -y", "pulumi destroy -s prod --skip-preview", "pulumi stack rm dev --force", "cdk destroy --force", "cdk --profile prod destroy",
    "cdktf destroy --auto-approve", "serverless remove --stage prod", "sls remove", "gh repo delete o/r --yes", "gh -R o/r repo delete", "glab repo delete g/p",
    "heroku apps:destroy -a x --confirm x", "heroku pg:reset DATABASE", "fly apps destroy x", "flyctl volumes destroy vol_1", "doctl compute droplet delete web-1 -f",
    "doctl --context prod databases delete db-1", "doctl kubernetes cluster delete c", "bq rm -r -f -d proj:ds",
    // options with values before the verb, aliases and other names
    "sls --stage prod remove", "heroku destroy -a x --confirm x", "glab project delete g/p --yes", "fly vol destroy vol_1 -y", "fly app destroy x", "fly apps rm x", "doctl k8s c rm c -f",
    "doctl compute d rm web", "doctl compute droplet del web", "aws-cdk destroy --force", "cdktf-cli destroy --auto-approve", "bq --location US rm -r -f ds"].map((c) => g(c, ["dangerous/cloud-delete"])),
  ...["pulumi preview", "pulumi up", "pulumi stack ls", "pulumi stack select prod", "pulumi destroy --preview-only --help", "cdk deploy", "cdk diff", "cdktf synth", "serverless deploy", "sls invoke -f x",
    "gh repo view", "gh repo clone o/r", "glab repo list", "heroku apps", "heroku logs -a x", "fly deploy", "flyctl apps list", "doctl compute droplet list", "doctl databases get db-1", "bq ls", "bq rm -t ds.t",
    "gh pr close 1 --delete-branch", "pulumi destroy --preview-only", "pulumi config set app:mode down", "pulumi stack select down", "pulumi -s destroy up", "sls deploy --stage remove"].map((c) => g(c, [])),
  g("terraform destroy -auto-approve", ["dangerous/terraform-destroy"]),
  g("terraform -chdir=infra destroy", ["dangerous/terraform-destroy"]),
  g("terraform apply -destroy", ["dangerous/terraform-destroy"]),
  g("tofu destroy", ["dangerous/terraform-destroy"]),
  ...["terraform state rm aws_db_instance.prod", "terraform -chdir=infra state rm 'module.db'", "tofu state rm x", "terraform state push -force old.tfstate", "terraform workspace delete -force prod"]
    .map((c) => g(c, ["dangerous/terraform-destroy"])),
  ...["aws s3 rm s3://b --recursive", "aws s3 rm --recursive s3://b/p", "aws s3 rb s3://b --force", "aws --profile p s3 sync . s3://b --delete", "aws ec2 terminate-instances --instance-ids i-1",
    "aws rds delete-db-instance --db-instance-identifier d", "gcloud projects delete p", "gcloud sql instances delete db", "az group delete -n g", "az group delete --name g --yes",
    "gsutil rm -r gs://b", "gsutil rb gs://b", "gcloud storage rm -r gs://b", "gcloud storage rm --recursive gs://b/p", "gcloud storage rm 'gs://b/**'",
    "aws ec2 delete-volume --volume-id v-1", "aws kms schedule-key-deletion --key-id k", "aws secretsmanager delete-secret --secret-id s", "aws s3api delete-objects --bucket b --delete file://d.json",
    "az storage blob delete-batch -s c --account-name a"].map((c) => g(c, ["dangerous/cloud-delete"])),
  ...["terraform state list", "terraform state show x", "terraform state rm -dry-run x", "terraform state push new.tfstate", "terraform workspace delete dev", "terraform state mv a b",
    "terraform plan", "terraform plan -destroy", "terraform apply", "aws s3 ls", "aws s3 rm s3://b/one.txt", "aws s3 rm s3://b --recursive --dryrun", "aws s3 sync . s3://b",
    "aws ec2 describe-instances", "gcloud projects list", "az group list", "gsutil ls gs://b", "gsutil rm gs://b/one", "gcloud storage rm gs://b/one.txt", "gcloud storage ls -r gs://b",
    "aws ec2 describe-volumes", "aws kms list-keys", "az storage blob list -c c", "kubectl get pvc", "oc get projects"].map((c) => g(c, [])),
  ...HOSTED_VERBS,
];

/** Ways of feeding text @T to a client @C on stdin. */
const STDIN_FEEDS = ["echo '@T' | @C", "printf '%s\\n' '@T' | @C", "@C <<< '@T'", "cat <<'EOF' | @C\n@T\nEOF"];

const DATABASES: Row[] = [
  ...["psql -c 'DROP DATABASE prod'", "psql -h db -U u -d app -c 'drop table users'", "psql --command='TRUNCATE users'", "psql -c 'DELETE FROM users'", "psql -c 'update users set admin = true'",
    "mysql -e 'drop database x'", "mysql -u root -p -e 'DROP TABLE t'", "mysql --execute='delete from t'", "mariadb -e 'truncate t'",
    "sqlite3 app.db 'DROP TABLE users'", "sqlite3 -batch app.db 'select 1; delete from t'", "sqlite3 app.db \"DELETE FROM t -- where id=1\"",
    "psql <<'EOF'\nDROP TABLE users;\nEOF", "mysql app <<< 'drop table t'", "dropdb prod", "mongosh --eval 'db.dropDatabase()'",
    // more clients, each with its SQL option
    "cqlsh -e 'DROP KEYSPACE k'", "cqlsh -u u -p p db1 9042 --execute='TRUNCATE ks.t'", "trino --server x --execute 'DROP TABLE t'", "presto --catalog c --execute 'delete from t'",
    "snowsql -a acct -q 'drop database d'", "snowsql --query='TRUNCATE TABLE t'", "spark-sql --master local -e 'DROP TABLE t'", "hive -e 'truncate table t'", "beeline -u jdbc:hive2://h -e 'drop database d cascade'",
    "impala-shell -i h -q 'DROP TABLE t'", "mycli -h h -e 'delete from t'", "litecli -e 'DROP TABLE t' app.db", "usql pg://h/db -c 'DROP TABLE t'", "influx -execute 'DROP DATABASE x'",
    "influx -database d -execute 'DROP MEASUREMENT cpu'", "influx -execute='DROP DATABASE x'", "cqlsh -e 'DROP COLUMNFAMILY ks.t'",
    // a WHERE every row passes
    "psql -c 'DELETE FROM users WHERE 1=1'", "psql -c 'delete from users where true'", "mysql -e 'UPDATE users SET admin=1 WHERE 1'", "psql -c 'DELETE FROM t WHERE id=id'",
    "psql -c 'DELETE FROM t WHERE (1 = 1)'", "psql -c 'DELETE FROM t WHERE 1=1 OR id=2'", "mysql -e 'delete from t where 2=2 limit 10'", "bq query --use_legacy_sql=false 'DROP TABLE ds.t'", "bq --project_id=p query 'DELETE FROM ds.t'"].map((c) => g(c, ["dangerous/sql-destructive"])),
  ...["cqlsh -e 'select * from ks.t'", "cqlsh host", "trino --execute 'show catalogs'", "snowsql -q 'select 1'", "hive -e 'show tables'", "beeline -u jdbc:hive2://h -e 'select 1'",
    "influx -execute 'SHOW DATABASES'", "influx -execute='SHOW DATABASES'", "bq query 'select 1'", "psql -c 'DELETE FROM t WHERE 1=1 AND id = 2'", "psql -c 'DELETE FROM t WHERE created < now()'",
    "psql -c 'UPDATE t SET x = 1 WHERE id = 12'", "bq query --use_legacy_sql=false 'DELETE FROM ds.t WHERE id = 1'", "usql pg://h/db -c 'select 1'"].map((c) => g(c, [])),
  g("redis-cli FLUSHALL", ["dangerous/redis-flush"]),
  g("redis-cli -h r -n 2 flushdb", ["dangerous/redis-flush"]),
  // what the client reads on stdin from a printer: every client × every feed
  ...STDIN_FEEDS.flatMap((feed) => [
    ...["psql", "psql -h prod app", "mysql app", "mariadb", "sqlite3 app.db", "duckdb app.db", "sudo -u postgres psql"].flatMap((client) => [
      g(feed.replace("@T", "DROP TABLE users;").replace("@C", client), ["dangerous/sql-destructive"]),
      g(feed.replace("@T", "SELECT 1;").replace("@C", client), []),
    ]),
    g(feed.replace("@T", "FLUSHALL").replace("@C", "redis-cli -h prod"), ["dangerous/redis-flush"]),
    g(feed.replace("@T", "GET k").replace("@C", "redis-cli"), []),
    g(feed.replace("@T", "db.dropDatabase()").replace("@C", "mongosh prod"), ["dangerous/sql-destructive"]),
    g(feed.replace("@T", "db.users.find()").replace("@C", "mongosh"), []),
  ]),
  ...["psql -c 'select 1'", "psql -c \"delete from users where id = 1\"", "psql -c \"select 'drop table x'\"", "psql -c 'select * from drop_log'", "mysql -e 'show tables'",
    "sqlite3 app.db .tables", "sqlite3 app.db \"select 'drop table x'\"", "sqlite3 app.db 'update t set x = 1 where id = 2'", "psql -f migrate.sql", "redis-cli get k", "redis-cli keys '*'",
    "mongosh --eval 'db.users.find()'"].map((c) => g(c, [])),
  ...KV_STORES,
  ...COPY_PROGRAM,
];

/**
 * Global options that take a value, before the verb: each tool's whole table (written out here,
 * apart from the packs' specs) × each destructive verb of its pack, as `--opt value` and
 * `--opt=value` (a short one as `-o value` and `-ovalue`); the value is a word the pack would
 * otherwise take for its verb. Quiet: the same options before a harmless verb, the value
 * `delete`.
 */
const spellings = (opt: string, value: string): string[] => (opt.startsWith("--") ? [`${opt} ${value}`, `${opt}=${value}`] : [`${opt} ${value}`, `${opt}${value}`]);
const GLOBAL_TOOLS: ReadonlyArray<{ tool: string; options: readonly string[]; verbs: readonly string[]; id: string; quiet: readonly string[] }> = [
  {
    tool: "kubectl", id: "dangerous/kube-delete", verbs: ["delete ns prod", "drain n1", "delete pods --all -A", "delete Namespace/prod --dry-run=none"], quiet: ["get pods", "delete pod web-1", "delete ns prod --dry-run=server"],
    options: ["--as", "--as-group", "--as-uid", "--cache-dir", "--certificate-authority", "--client-certificate", "--client-key", "--cluster", "--context", "--kubeconfig", "--kuberc",
      "--log-backtrace-at", "--log-dir", "--log-file", "--log-file-max-size", "--log-flush-frequency", "-n", "--namespace", "--password", "--profile", "--profile-output", "--request-timeout",
      "-s", "--server", "--stderrthreshold", "--tls-server-name", "--token", "--user", "--username", "-v", "--v", "--vmodule"],
  },
  {
    tool: "helm", id: "dangerous/helm-uninstall", verbs: ["uninstall rel", "delete rel", "del rel", "un rel --keep-history"], quiet: ["list", "status rel", "uninstall rel --dry-run"],
    options: ["--burst-limit", "--color", "--content-cache", "--kube-apiserver", "--kube-as-group", "--kube-as-user", "--kube-ca-file", "--kube-context", "--kube-tls-server-name", "--kube-token",
      "--kubeconfig", "-n", "--namespace", "--qps", "--registry-config", "--repository-cache", "--repository-config"],
  },
  {
    tool: "gcloud", id: "dangerous/cloud-delete",
    verbs: ["projects delete p", "sql instances delete db", "container clusters delete c", "storage buckets delete gs://b", "compute instances delete vm", "storage rm -r gs://b",
      "beta sql instances delete db", "alpha projects delete p", "preview compute instances delete vm", "beta storage rm --recursive gs://b"],
    quiet: ["projects list", "sql instances describe db", "storage rm gs://b/one", "beta compute instances list"],
    options: ["--access-token-file", "--account", "--billing-project", "--configuration", "--flags-file", "--flatten", "--format", "--impersonate-service-account", "--project", "--trace-token",
      "--verbosity", "--authority-selector", "--authorization-token-file", "--credential-file-override", "--http-timeout", "--trace-email", "--region", "--zone", "--location", "--filter",
      "--limit", "--page-size", "--sort-by"],
  },
  {
    tool: "az", id: "dangerous/cloud-delete",
    verbs: ["group delete -n rg -y", "aks delete -n c", "vm delete -n v", "sql db delete -n d", "keyvault delete -n k", "storage account delete -n a", "storage blob delete-batch -s c",
      "cosmosdb delete -n c", "postgres flexible-server delete -n p"],
    quiet: ["group list", "vm show -n v", "storage blob delete -c c -n one"],
    options: ["--subscription", "--output", "-o", "--query", "--resource-group", "-g", "--name", "-n", "--location", "-l"],
  },
  {
    tool: "aws", id: "dangerous/cloud-delete", verbs: ["s3 rm s3://b --recursive", "s3 rb s3://b --force", "ec2 terminate-instances --instance-ids i-1", "rds delete-db-instance --db-instance-identifier d"],
    quiet: ["s3 ls", "ec2 describe-instances", "s3 rm s3://b/one"],
    options: ["--profile", "--region", "--output", "--endpoint-url", "--query", "--color", "--ca-bundle", "--cli-read-timeout", "--cli-connect-timeout", "--cli-binary-format"],
  },
  {
    tool: "terragrunt", id: "dangerous/terraform-destroy",
    verbs: ["destroy", "run-all destroy", "run --all destroy", "run --all -- destroy", "destroy-all", "apply -destroy", "run-all apply -destroy", "stack run destroy", "state rm x"],
    quiet: ["plan", "run-all plan", "run --all -- plan", "apply"],
    options: ["--config", "--working-dir", "--download-dir", "--tf-path", "--source", "--source-map", "--iam-assume-role", "--iam-assume-role-duration", "--iam-assume-role-session-name",
      "--iam-assume-role-web-identity-token", "--queue-exclude-dir", "--queue-include-dir", "--queue-excludes-file", "--queue-include-units-reading", "--units-that-include", "--parallelism",
      "--log-level", "--log-format", "--log-custom-format", "--out-dir", "--json-out-dir", "--provider-cache-dir", "--provider-cache-hostname", "--provider-cache-port", "--provider-cache-token",
      "--provider-cache-registry-names", "--auth-provider-cmd", "--feature", "--filter", "--experiment", "--strict-control", "--graph-root",
      "--terragrunt-config", "--terragrunt-working-dir", "--terragrunt-download-dir", "--terragrunt-tfpath", "--terragrunt-source", "--terragrunt-source-map", "--terragrunt-iam-role",
      "--terragrunt-iam-assume-role-duration", "--terragrunt-iam-assume-role-session-name", "--terragrunt-iam-web-identity-token", "--terragrunt-exclude-dir", "--terragrunt-include-dir",
      "--terragrunt-excludes-file", "--terragrunt-modules-that-include", "--terragrunt-parallelism", "--terragrunt-log-level", "--terragrunt-log-format", "--terragrunt-json-out",
      "--terragrunt-out-dir", "--terragrunt-json-out-dir", "--terragrunt-provider-cache-dir", "--terragrunt-auth-provider-cmd"],
  },
];

const GLOBAL_VALUES: Row[] = GLOBAL_TOOLS.flatMap(({ tool, options: opts, verbs, id, quiet }) => opts.flatMap((o) => [
  ...verbs.flatMap((v) => spellings(o, "list").map((s) => g(`${tool} ${s} ${v}`, [id]))),
  ...quiet.flatMap((v) => spellings(o, "delete").map((s) => g(`${tool} ${s} ${v}`, []))),
]));

/** The red team's lines, and their quiet counterparts. */
const GLOBAL_REPORTED: Row[] = [
  ...["kubectl -v 9 delete ns prod", "kubectl --as-group system:masters delete ns prod", "oc --as-group system:masters delete project prod", "kubectl -v9 -n x delete pvc --all",
    "kubectl delete ns prod --dry-run=false", "kubectl delete --cascade ns prod", "kubectl delete --cascade=orphan ns prod"].map((c) => g(c, ["dangerous/kube-delete"])),
  ...["helm --kube-apiserver https://x uninstall x", "helm uninstall x --dry-run=false"].map((c) => g(c, ["dangerous/helm-uninstall"])),
  ...["gcloud --project prod projects delete prod", "az --subscription x group delete -n rg -y", "gcloud beta sql instances delete prod", "gcloud --project=p beta --quiet projects delete p"]
    .map((c) => g(c, ["dangerous/cloud-delete"])),
  ...["terragrunt run-all destroy", "terragrunt destroy", "terragrunt run-all destroy --terragrunt-non-interactive", "terragrunt --non-interactive run --all destroy -auto-approve"]
    .map((c) => g(c, ["dangerous/terraform-destroy"])),
  ...["kubectl -v 9 get pods", "kubectl delete ns prod --dry-run", "kubectl delete ns prod --dry-run=client", "helm uninstall x --dry-run", "gcloud --project p projects list",
    "az --subscription x group list", "gcloud beta sql instances list", "terragrunt run-all plan", "terragrunt run --all -- plan -destroy"].map((c) => g(c, [])),
];

describe.each([["system", SYSTEM], ["disks", DISKS], ["git", GIT], ["containers", CONTAINERS], ["kubernetes", KUBERNETES], ["cloud", CLOUD], ["databases", DATABASES], ["global options", GLOBAL_VALUES], ["global options reported", GLOBAL_REPORTED]] as const)("pack %s", (_name, rows) => {
  it.each(cases(rows))("%s", (_title, row) => verify(row, "dangerous/"));
});

describe("packs: switching off", () => {
  const ONE: Record<string, string> = {
    core: "rm -rf /", system: "shutdown now", disks: "blkdiscard /dev/sda", git: "git push -f", containers: "docker volume prune",
    kubernetes: "kubectl delete ns prod", cloud: "terraform destroy", databases: "psql -c 'drop table t'",
  };
  it.each(PACK_NAMES.map((p) => [p]))("%s off silences its own entries only", (pack) => {
    const cmd = ONE[pack] as string;
    const on = analyze(cmd, options(true), extractFactsReference).findings.filter((f) => f.id.startsWith("dangerous/"));
    const off = analyze(cmd, options(true, { packs: PACK_NAMES.filter((p) => p !== pack) }), extractFactsReference).findings.filter((f) => f.id.startsWith("dangerous/"));
    expect(on.length).toBeGreaterThan(0);
    expect(off).toEqual([]);
    // Another pack's example is unaffected.
    const other = ONE[pack === "cloud" ? "databases" : "cloud"] as string;
    expect(analyze(other, options(true, { packs: PACK_NAMES.filter((p) => p !== pack) }), extractFactsReference).findings.some((f) => f.id.startsWith("dangerous/"))).toBe(true);
  });

  it("names the pack and entry behind each pack finding", () => {
    expect(packOf("dangerous/kube-delete")).toEqual({ pack: "kubernetes", entry: "kubectl delete, kubectl drain" });
    expect(packOf("dangerous/rm-recursive-force")?.pack).toBe("core");
    expect(packOf("deletion/root")).toBeNull();
  });
});

/**
 * The xargs class: every pack example above that is one plain command, its arguments moved to
 * stdin (`printf '%s\n' ARGS | xargs NAME`, and other spellings of xargs), is still a finding —
 * the words xargs reads could be the dangerous ones. Quiet: commands no pack judges, and a
 * subcommand already named that no pack entry judges.
 */
describe("packs: arguments from stdin (xargs)", () => {
  const PLAIN = /^[A-Za-z0-9_@%+=:,./-]+$/;
  const XARGS = [
    (name: string, args: string) => `printf '%s\\n' ${args} | xargs ${name}`,
    (name: string, args: string) => `printf '%s\\0' ${args} | xargs -0 -n 1 ${name}`,
    (name: string, args: string) => `printf '%s\\n' ${args} | timeout 5 xargs -r ${name}`,
    (name: string, args: string) => `echo ${args} | sudo xargs -P 4 ${name}`,
  ];
  const members: Array<[string, string]> = [];
  for (const [, rows] of [["system", SYSTEM], ["disks", DISKS], ["git", GIT], ["containers", CONTAINERS], ["kubernetes", KUBERNETES], ["cloud", CLOUD], ["databases", DATABASES]] as const) {
    for (const [cmd, expected] of rows) {
      if (expected.length === 0) continue;
      const facts = extractFactsReference(cmd);
      const c = facts.commands[0];
      if (facts.commands.length !== 1 || facts.constructs.length > 0 || !c || c.redirects.length > 0 || c.argv.length < 2) continue;
      const words = c.argv.map((w) => w.value);
      if (!c.argv.every((w) => PLAIN.test(w.value) && cmd.slice(w.start, w.end) === w.value) || words[0] === "sudo") continue;
      for (const make of XARGS) members.push([make(words[0] as string, words.slice(1).join(" ")), cmd]);
    }
  }

  it("generates members from every pack", () => expect(members.length).toBeGreaterThan(150));

  it.each(members)("%s (from %s) is a finding", (line) => {
    const found = analyze(line, options(true), extractFactsReference).findings.map((f) => f.id);
    expect(found.some((id) => id.startsWith("dangerous/"))).toBe(true);
  });

  it.each([
    ["printf 0 | xargs init", ["dangerous/unknown-arguments"]],
    ["xargs git", ["dangerous/unknown-arguments"]],
    ["xargs -I{} git {}", ["dangerous/unknown-arguments"]],
    ["cat pids | xargs kill", ["dangerous/unknown-arguments"]],
    // process ids only (pid-input.ts): nothing appended can be -1 or a signal
    ["pgrep node | xargs kill", []],
    ["xargs kubectl delete", ["dangerous/unknown-arguments"]],
    ["cat ids | xargs docker rm", ["dangerous/unknown-arguments"]],
    // rm judges stdin itself; deletion adds its own finding.
    ["find . -name '*.o' | xargs rm -f", ["dangerous/rm-recursive-force"]],
    // Quiet: no pack judges these, or the named subcommand is none a pack judges.
    ["find . -name '*.ts' | xargs grep foo", []],
    ["find . -print0 | xargs -0 ls", []],
    ["git ls-files -m | xargs git add", []],
    ["git diff --name-only | xargs git diff --stat", []],
    ["ls | xargs -n1 wc -l", []],
    // find fills in paths under its own roots: not stdin.
    ["find . -name '*.sh' -exec chmod +x {} +", []],
  ] as const)("%s → %j", (line, expected) => {
    const found = analyze(line, options(true), extractFactsReference).findings.map((f) => f.id).filter((id) => id.startsWith("dangerous/"));
    expect([...new Set(found)].sort()).toEqual([...expected].sort());
  });

  it("a pack switched off is not judged through xargs either", () => {
    const off = analyze("printf 0 | xargs init", options(true, { packs: PACK_NAMES.filter((p) => p !== "system") }), extractFactsReference);
    expect(off.findings.filter((f) => f.id.startsWith("dangerous/"))).toEqual([]);
    const noGit = analyze("xargs git", options(true, { gitPack: false }), extractFactsReference);
    expect(noGit.findings.filter((f) => f.id.startsWith("dangerous/"))).toEqual([]);
  });
});
