from rigs_helper.cli import main

if __name__ == "__main__":
    main()
