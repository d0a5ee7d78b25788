{
  # The addon compiles tree-sitter's runtime and the bash grammar from the C sources that the
  # `tree-sitter` and `tree-sitter-bash` npm packages ship, so the parse is byte-for-byte the one
  # the reference extractor sees. The package dirs are resolved with Node's own resolution from
  # the package root, which also works when shellguard is installed (hoisted) as a dependency.
  # The paths are made relative (with forward slashes): gyp's make generator cannot place object
  # files for absolute source paths.
  "variables": {
    "ts_dir": "<!(node -p \"const p=require('path');p.relative('.',p.dirname(require.resolve('tree-sitter/package.json'))).split(p.sep).join('/')\")",
    "bash_dir": "<!(node -p \"const p=require('path');p.relative('.',p.dirname(require.resolve('tree-sitter-bash/package.json'))).split(p.sep).join('/')\")",
  },
  "targets": [
    {
      "target_name": "shellguard",
      "sources": [
        "native/addon.c",
        "native/extract.c",
        "native/cook.c",
        "native/reading.c",
        "<(ts_dir)/vendor/tree-sitter/lib/src/lib.c",
        "<(bash_dir)/src/parser.c",
        "<(bash_dir)/src/scanner.c",
      ],
      "include_dirs": [
        "<(ts_dir)/vendor/tree-sitter/lib/include",
        "<(ts_dir)/vendor/tree-sitter/lib/src",
      ],
      "defines": [
        "NAPI_VERSION=8",
        # tree-sitter's runtime wants POSIX declarations (fdopen, clock_gettime) under -std=c11;
        # _DARWIN_C_SOURCE keeps macOS's CLOCK_THREAD_CPUTIME_ID visible alongside them.
        "_POSIX_C_SOURCE=200809L",
        "_DEFAULT_SOURCE",
        "_DARWIN_C_SOURCE",
      ],
      "conditions": [
        ["OS!='win'", {
          "cflags_c": ["-std=c11", "-O2", "-fvisibility=hidden"],
          "cflags": ["-O2"],
          "xcode_settings": {
            "OTHER_CFLAGS": ["-std=c11", "-O2"],
            "GCC_SYMBOLS_PRIVATE_EXTERN": "YES",
            "MACOSX_DEPLOYMENT_TARGET": "10.15",
          },
        }, {
          "msvs_settings": {
            "VCCLCompilerTool": {
              "AdditionalOptions": ["/std:c11", "/utf-8", "/O2"],
            },
          },
        }],
      ],
    },
  ],
}
