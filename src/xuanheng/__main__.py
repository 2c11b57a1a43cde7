from xuanheng.cli.main import main

raise SystemExit(main())
